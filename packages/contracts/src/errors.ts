import { type ErrorResponse, NETWORK_ERROR } from '@lantern/domain';
import { z } from 'zod';

/**
 * The one error shape every endpoint answers with (docs/architecture/request-path.md "HTTP conventions"); the front
 * ends read it with @lantern/domain's readErrorResponse, whose type this schema must satisfy.
 */
export const ZErrorResponseSchema = z.object({
  message: z.string(),
  errorBag: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  retryAfter: z.number().int().optional(),
  display_error: z.string().optional(),
  /** A 403 to an API token: the scope the request needs (issue 25). */
  scope: z.string().optional(),
  /**
   * Under /api/v1, the problem's stable code when the route knows it (`unknown_field`); kept
   * here so a route's declared error answer does not strip it before the problem is made.
   */
  code: z.string().optional(),
}) satisfies z.ZodType<ErrorResponse>;
export type TErrorResponse = z.infer<typeof ZErrorResponseSchema>;

export const MESSAGES = {
  invalidCredentials: 'These credentials do not match our records.',
  /** Staff locked the account (issue 20). */
  accountLocked: 'This account is locked. Contact us to unlock it.',
  emailTaken: 'An account with this email already exists. Try logging in instead.',
  emailInvalid: 'Enter a valid email address, like name@example.com.',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  passwordTooShort: 'Use at least 8 characters for your password.',
  passwordTooLong: 'Use no more than 128 characters for your password.',
  passwordCommon: 'This password is too common and easy to guess. Choose another.',
  tooManyAttempts: (seconds: number) =>
    `Too many attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  validationFailed: 'Please correct the highlighted fields.',
  unauthenticated: 'Please log in to continue.',
  forbidden: 'You do not have access to this page.',
  notFound: 'We could not find what you were looking for.',
  csrf: 'This request was blocked because it did not come from this site. Reload the page and try again.',
  payloadTooLarge: 'That request is too large.',
  malformedJson: 'The request body is not valid JSON.',
  /** A request that never reached the API (the same text in every front end). */
  networkError: NETWORK_ERROR,
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  serviceUnavailable:
    'We cannot reach our database for a moment. Please try again in a few seconds.',
  badUrl: 'That address is not valid. Check the link and try again.',
  controlCharacters: 'Remove the invisible control characters from this text.',
  brokenCharacters:
    'This text has a broken character (half of an emoji or symbol). Type that part again.',
} as const;

/** Flatten zod issues into the `{"field.path": ["Text"]}` map of the error shape. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    const list = out[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    out[key] = list;
  }
  return out;
}
