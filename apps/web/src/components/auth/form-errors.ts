import { fieldErrors, MESSAGES, PATHS } from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import type { z } from 'zod';
import { safeRedirect as sameSitePath } from '../../lib/safe-redirect.ts';

/** One message per field, the first the server or the schema gave. */
export type FieldErrorMap = Partial<Record<string, string>>;

export interface FormErrors {
  fields: FieldErrorMap;
  /** Shown above the form when the problem is not about one field (429, network, 5xx). */
  form?: string;
}

const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a moment and try again.';

function firstPerField(map: Record<string, string[]> | undefined): FieldErrorMap {
  const out: FieldErrorMap = {};
  for (const [field, messages] of Object.entries(map ?? {})) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}

/** Run the contract's schema in the browser so a person sees the server's words before a round trip. */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; fields: FieldErrorMap } {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, fields: firstPerField(fieldErrors(result.error)) };
}

/**
 * What a failed submit shows. Field errors go under their inputs; a 422 naming no known field,
 * a 429 (with the server's own wording and wait time) and anything else go above the form.
 */
export function errorsFromFailure(error: unknown, knownFields: readonly string[]): FormErrors {
  if (!(error instanceof ApiError)) return { fields: {}, form: MESSAGES.networkError };
  if (error.status === 429) {
    const seconds = error.body.retryAfter;
    const fallback = seconds === undefined ? TOO_MANY_ATTEMPTS : MESSAGES.tooManyAttempts(seconds);
    return { fields: {}, form: error.body.message || fallback };
  }
  const all = firstPerField(error.body.errors);
  const fields: FieldErrorMap = {};
  for (const name of knownFields) if (all[name]) fields[name] = all[name];
  if (error.status === 422 && Object.keys(fields).length > 0) return { fields };
  return { fields, form: error.body.message || MESSAGES.serverError };
}

/** Only follow a same-origin path the server gave; anything else lands on the dashboard. */
export function safeRedirect(target: string | undefined): string {
  return sameSitePath(target, PATHS.dashboard);
}
