import {
  formatCents,
  loanSentence,
  monthlyPayment,
  readPaymentForm,
  type TPaymentField,
} from '@lantern/contracts/monthly-payment';
import { listenLive } from './live-form.ts';

const FIELDS: TPaymentField[] = ['down', 'term', 'rate', 'tax', 'insurance'];

/**
 * Recomputes the listing page's payment estimate (components/listing/payment-estimate.astro;
 * docs/decisions/090) as the visitor edits its assumptions, with the functions the server used,
 * so the two figures cannot differ. A field's error shows when the visitor leaves it or sends the
 * form, not at each keystroke; meanwhile the last good figure stays.
 */
export function initPaymentEstimate(): void {
  const root = document.querySelector<HTMLElement>('[data-payment]');
  const form = root?.querySelector<HTMLFormElement>('[data-payment-form]');
  if (!root || !form) return;
  const priceCents = Number(root.dataset.priceCents);
  const field = (f: TPaymentField) => form.elements.namedItem(f) as HTMLInputElement | null;
  const show = (selector: string, text: string) => {
    const el = root.querySelector(selector);
    if (el && el.textContent !== text) el.textContent = text;
  };

  const update = (always: boolean) => {
    const read = readPaymentForm(Object.fromEntries(FIELDS.map((f) => [f, field(f)?.value])));
    if (!read.ok && !always) return;
    for (const f of FIELDS) {
      const error = read.ok ? undefined : read.errors[f];
      show(`#payment-${f}-error`, error ?? '');
      if (error) field(f)?.setAttribute('aria-invalid', 'true');
      else field(f)?.removeAttribute('aria-invalid');
    }
    for (const el of root.querySelectorAll('[data-payment-figures]'))
      el.toggleAttribute('hidden', !read.ok);
    root.querySelector('[data-payment-wrong]')?.toggleAttribute('hidden', read.ok);
    if (!read.ok) return;
    const e = monthlyPayment({ priceCents, ...read.assumptions });
    show('[data-payment-total]', formatCents(e.totalCents));
    show('[data-payment-pi]', formatCents(e.principalAndInterestCents));
    show('[data-payment-tax]', formatCents(e.taxCents));
    show('[data-payment-insurance]', formatCents(e.insuranceCents));
    show('[data-payment-loan]', loanSentence(e, read.assumptions));
  };

  // The total is a live region: it changes after a pause in the typing.
  listenLive(form, update);
}
