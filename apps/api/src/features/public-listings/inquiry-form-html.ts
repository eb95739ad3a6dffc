import {
  INQUIRY_API,
  INQUIRY_LIMITS,
  INQUIRY_TEXTS as T,
  type TPublicListingDetail,
} from '@lantern/contracts';
import { LEAD_HONEYPOT_FIELD } from '@lantern/domain';
import { esc } from './page-html.ts';

const field = (name: string, label: string, input: string, hint = '') =>
  `<div class="ln-field"><label class="ln-label" for="ask-${name}">${esc(label)}</label>${hint}${input}<p class="ln-field__error" id="ask-${name}-error" data-error-for="${name}" hidden></p></div>`;

const described = (name: string) =>
  `id="ask-${name}" name="${name}" aria-describedby="ask-${name}-error"`;

/**
 * "Ask a question" (issue 22) on a listing for sale: a form the page's script sends as JSON to
 * POST /api/listings/{hash}/inquiries (apps/web/src/lib/listing-inquiry.ts). It shows once the
 * script runs; without it, a line says so. The hidden honeypot field is left empty by people.
 * On the FSBO preview the form shows as buyers will see it but sends nothing.
 */
export function inquiryFormHtml(d: TPublicListingDetail, preview: boolean): string {
  if (d.status !== 'active' && d.status !== 'pending') return '';
  const fields = [
    field(
      'name',
      T.name,
      `<input class="ln-input" type="text" ${described('name')} autocomplete="name" maxlength="${INQUIRY_LIMITS.name}" required />`,
    ),
    field(
      'email',
      T.email,
      `<input class="ln-input" type="email" ${described('email')} autocomplete="email" maxlength="254" required />`,
    ),
    field(
      'phone',
      T.phone,
      `<input class="ln-input" type="tel" ${described('phone')} autocomplete="tel" maxlength="30" />`,
    ),
    field(
      'message',
      T.message,
      `<textarea class="ln-input listing-ask__message" ${described('message')} rows="5" maxlength="${INQUIRY_LIMITS.message}" required></textarea>`,
    ),
  ].join('');
  const trap = `<div class="listing-ask__trap" aria-hidden="true"><label for="ask-${LEAD_HONEYPOT_FIELD}">Leave this empty</label><input type="text" id="ask-${LEAD_HONEYPOT_FIELD}" name="${LEAD_HONEYPOT_FIELD}" tabindex="-1" autocomplete="off" /></div>`;
  const action = esc(INQUIRY_API.ask(d.id));
  return `<section class="listing-section listing-ask" aria-labelledby="listing-ask"><h2 id="listing-ask">${esc(T.formTitle)}</h2><p>${esc(T.formIntro)}</p><noscript><p>Turn on JavaScript to send the seller a question.</p></noscript><form class="listing-ask__form" aria-labelledby="listing-ask" data-inquiry-form data-action="${action}"${preview ? ' data-preview' : ''} novalidate hidden><p class="ln-alert ln-alert--danger" data-form-error role="alert" hidden></p>${fields}${trap}<button type="submit" class="ln-btn ln-btn--primary">${esc(T.send)}</button><p class="listing-ask__status" data-form-status role="status"></p></form></section>`;
}
