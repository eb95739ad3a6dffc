import { MESSAGES } from '@lantern/contracts';
import { ApiError } from '@lantern/domain';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';

const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a moment and try again.';

/** Where a form keeps the message that belongs to no one field (react-hook-form's root error). */
export const FORM_ERROR = 'root.server' as const;

export interface ApiFormErrors {
  /** The first message the API gave for each field of this form. */
  fields: Partial<Record<string, string>>;
  /** Shown above the form when the problem is not about one of its fields. */
  form?: string;
}

export interface ApiFormErrorOptions {
  /**
   * Fields of the request that have no input on this form (such as the product of an order
   * button): their message is the one shown above the form.
   */
  aboveForm?: readonly string[];
}

/**
 * What a failed request means for a form with these fields (docs/decisions/021-front-end-forms.md).
 * Field errors of a 422 go under their inputs; a request that never arrived, a 429 (with the
 * server's own wording and wait time), a 422 naming none of the form's fields and anything else
 * go above the form.
 */
export function apiFormErrors(
  error: unknown,
  fields: readonly string[],
  { aboveForm = [] }: ApiFormErrorOptions = {},
): ApiFormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, form: MESSAGES.networkError };
  if (error.status === 429) {
    const seconds = error.body.retryAfter;
    const fallback = seconds === undefined ? TOO_MANY_ATTEMPTS : MESSAGES.tooManyAttempts(seconds);
    return { fields: {}, form: error.body.message || fallback };
  }
  const out: ApiFormErrors['fields'] = {};
  for (const name of fields) {
    const message = error.field(name);
    if (message) out[name] = message;
  }
  if (error.status === 422 && Object.keys(out).length > 0) return { fields: out };
  const named = aboveForm.map((name) => error.field(name)).find(Boolean);
  return { fields: out, form: named || error.body.message || MESSAGES.serverError };
}

/**
 * The one way a form shows a failed request: each field error through `setError` (the first
 * one focused), the rest as the form-level error, read back with `formError()`.
 */
export function setApiErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  { focus = true, ...options }: { focus?: boolean } & ApiFormErrorOptions = {},
): ApiFormErrors {
  const result = apiFormErrors(error, fields, options);
  let focused = !focus;
  for (const name of fields) {
    const message = result.fields[name];
    if (!message) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  if (result.form) setError(FORM_ERROR, { type: 'server', message: result.form });
  return result;
}

/** The form-level message set by `setApiErrors` (or by the form itself), if any. */
export function formError(errors: FieldErrors): string | undefined {
  return errors.root?.server?.message;
}

/** A field's message for the `error` prop of a field component. */
export function fieldError<T extends FieldValues>(
  errors: FieldErrors<T>,
  name: Path<T>,
): string | undefined {
  const entry = name
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      errors,
    ) as { message?: unknown } | undefined;
  return typeof entry?.message === 'string' ? entry.message : undefined;
}
