/**
 * "Request a showing" on a listing page (issue 22): the server renders the form hidden (it needs
 * this script to post JSON with our headers); this shows it, posts it, writes each field's error
 * beside it (announced, the first bad field focused) and the server's answer in its place.
 */
import { requestJson } from './http.ts';
import { openOnDemand } from './listing-page/open-on-demand.ts';

/** The body the form posts: its fields by name, the length as a number. */
export function showingPayload(entries: Iterable<[string, FormDataEntryValue]>) {
  const out: Record<string, string | number> = {};
  for (const [name, value] of entries) {
    if (typeof value !== 'string') continue;
    out[name] = name === 'duration' ? Number(value) : value;
  }
  return out;
}

/**
 * The server's 422 errors split into those a field of the form shows and the rest, which the
 * summary above the form shows.
 */
export function splitErrors(errors: Record<string, string[]>, fields: readonly string[]) {
  const byField: Record<string, string> = {};
  const other: string[] = [];
  for (const [name, messages] of Object.entries(errors)) {
    const first = messages[0];
    if (!first) continue;
    if (fields.includes(name)) byField[name] = first;
    else other.push(first);
  }
  return { byField, other };
}

/**
 * Each field's message under the field (`[data-error-for]`), its control marked invalid; the
 * first such control, to focus, and the messages no field shows.
 */
export function showFieldErrors(
  form: HTMLFormElement,
  errors: Record<string, string[]>,
  fieldNames: readonly string[],
) {
  const { byField, other } = splitErrors(errors, fieldNames);
  let first: HTMLElement | null = null;
  for (const [name, message] of Object.entries(byField)) {
    const error = form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(name)}"]`);
    const control = form.elements.namedItem(name);
    if (error) {
      error.textContent = message;
      error.hidden = false;
    }
    if (control instanceof HTMLElement) {
      control.setAttribute('aria-invalid', 'true');
      first ??= control;
    }
  }
  return { first, other };
}

export function initShowingRequestForm(root: ParentNode = document): void {
  const form = root.querySelector<HTMLFormElement>('form[data-showing-form]');
  if (!form) return;
  const section = form.parentElement;
  const summary = form.querySelector<HTMLElement>('[data-showing-summary]');
  const status = form.querySelector<HTMLElement>('[data-showing-status]');
  const done = section?.querySelector<HTMLElement>('[data-showing-done]');
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const errorFor = (name: string) =>
    form.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(name)}"]`);
  const fieldNames = [...form.querySelectorAll<HTMLElement>('[data-error-for]')].map(
    (e) => e.dataset.errorFor ?? '',
  );
  openOnDemand(form);

  const clear = () => {
    for (const name of fieldNames) {
      const error = errorFor(name);
      if (error) {
        error.textContent = '';
        error.hidden = true;
      }
      const control = form.elements.namedItem(name);
      if (control instanceof Element) control.removeAttribute('aria-invalid');
    }
    if (summary) {
      summary.textContent = '';
      summary.hidden = true;
    }
  };

  const showSummary = (text: string) => {
    if (!summary) return;
    summary.textContent = text;
    summary.hidden = false;
  };

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submit?.disabled) return;
    clear();
    if (submit) submit.disabled = true;
    if (status) status.textContent = form.dataset.sending ?? '';
    const result = await requestJson<{ message: string }>(
      'POST',
      new URL(form.action, window.location.href).pathname,
      showingPayload(new FormData(form)),
    );
    if (submit) submit.disabled = false;
    if (status) status.textContent = '';
    if (result.ok) {
      form.hidden = true;
      if (done) {
        done.hidden = false;
        done.textContent = result.data.message;
        done.focus();
      }
      return;
    }
    const { first, other } = showFieldErrors(form, result.errors, fieldNames);
    if (first) {
      showSummary([form.dataset.fixErrors ?? '', ...other].filter(Boolean).join(' '));
      first.focus();
    } else {
      showSummary(other.join(' ') || result.message);
      summary?.focus();
    }
  });
}
