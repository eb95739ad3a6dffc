/**
 * "Ask a question" on a listing page (issue 22; markup: components/listing/inquiry-form.astro).
 * The form shows once this runs; it is sent as JSON, the server's errors
 * are shown by their fields (what was typed stays), and a sent question clears the form and says
 * so in its status line. On the FSBO preview it sends nothing and says why.
 */
import { INQUIRY_TEXTS as T } from '@lantern/domain';
import { looksLikeEmail, requestJson } from './http.ts';
import { openOnDemand } from './listing-page/open-on-demand.ts';

const FIELDS = ['name', 'email', 'phone', 'message'] as const;
type Field = (typeof FIELDS)[number];

/** The light checks made before sending; the server's are the authority. */
export function checkQuestion(values: Record<Field, string>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) errors.name = T.nameRequired;
  if (!looksLikeEmail(values.email)) errors.email = 'Enter a valid email address.';
  if (!values.message.trim()) errors.message = T.messageRequired;
  return errors;
}

function showErrors(form: HTMLFormElement, errors: Partial<Record<string, string>>): void {
  let first: HTMLElement | null = null;
  for (const name of FIELDS) {
    const input = form.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null;
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
    const message = errors[name];
    if (input) {
      if (message) input.setAttribute('aria-invalid', 'true');
      else input.removeAttribute('aria-invalid');
    }
    if (slot) {
      slot.textContent = message ?? '';
      slot.hidden = !message;
    }
    if (message && !first && input) first = input;
  }
  first?.focus();
}

function initForm(form: HTMLFormElement): void {
  openOnDemand(form);
  const status = form.querySelector<HTMLElement>('[data-form-status]');
  const alert = form.querySelector<HTMLElement>('[data-form-error]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  const fail = (text: string) => {
    if (!alert) return;
    alert.textContent = text;
    alert.hidden = !text;
  };
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button?.disabled) return;
    const data = new FormData(form);
    const values = Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? '')])) as Record<
      Field,
      string
    >;
    fail('');
    say('');
    const local = checkQuestion(values);
    showErrors(form, local);
    if (Object.keys(local).length) return;
    if ('preview' in form.dataset) {
      say('This is a preview: questions are sent once your listing is published.');
      return;
    }
    if (button) button.disabled = true;
    say('Sending…');
    const res = await requestJson('POST', form.dataset.action ?? '', {
      ...values,
      website: String(data.get('website') ?? ''),
    });
    if (button) button.disabled = false;
    if (res.ok) {
      form.reset();
      showErrors(form, {});
      say(T.sent);
      return;
    }
    say('');
    const byField = Object.fromEntries(
      Object.entries(res.errors).map(([k, v]) => [k, v[0] ?? '']),
    ) as Partial<Record<string, string>>;
    showErrors(form, byField);
    if (!FIELDS.some((f) => byField[f])) fail(res.message);
  });
}

export function initListingInquiry(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-inquiry-form]')) {
    initForm(form);
  }
}
