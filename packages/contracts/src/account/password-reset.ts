import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, ZLoginRequestSchema } from '../auth/credentials.ts';
import { MESSAGES } from '../errors.ts';

/** Password reset by emailed link (issue 8; docs/decisions/012-account-lifecycle.md). */
export const PASSWORD_RESET_PATHS = {
  /** GET: the request page; POST: ask for a link. */
  request: '/password/email',
  /** GET: the page where a new password is chosen; the token rides in the fragment. */
  resetPage: '/password/reset',
  /** GET /password/reset/{token}: the emailed link, checked by the server and redirected. */
  link: (token: string) => `/password/reset/${token}` as const,
  /** POST: set the new password. */
  reset: '/api/password/reset',
  incorrectLink: '/password/incorrect-link',
  incorrectAccount: '/password/incorrect-account',
} as const;

/** A reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** One reset mail a minute per address; per IP address, this many an hour. */
export const PASSWORD_RESET_EMAIL_WINDOW_SECONDS = 60;
export const PASSWORD_RESET_PER_IP_PER_HOUR = 20;

export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to every well-formed request, whether or not the address has an account. */
  sent: 'If an account uses that email, we have sent it a link to choose a new password. The link works for 60 minutes.',
  passwordsDiffer: 'The two passwords do not match.',
  confirmationRequired: 'Type the new password again.',
  incorrectLink: 'This reset link is not valid any more.',
  incorrectAccount: 'This reset link belongs to a different account than the one signed in here.',
  done: 'Your password was changed. Log in with your new password.',
} as const;

/** POST /password/email */
export const ZPasswordResetRequestSchema = ZLoginRequestSchema.pick({ email: true });
export type TPasswordResetRequest = z.input<typeof ZPasswordResetRequestSchema>;

export const ZMessageSchema = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessageSchema>;

/** POST /api/password/reset */
export const ZPasswordResetSchema = z
  .object({
    token: z.string().min(1).max(200),
    password: z
      .string({ error: MESSAGES.passwordRequired })
      .min(1, MESSAGES.passwordRequired)
      .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
      .max(PASSWORD_MAX, MESSAGES.passwordTooLong),
    password_confirmation: z
      .string({ error: PASSWORD_RESET_MESSAGES.confirmationRequired })
      .min(1, PASSWORD_RESET_MESSAGES.confirmationRequired)
      .max(1024),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    error: PASSWORD_RESET_MESSAGES.passwordsDiffer,
  });
export type TPasswordReset = z.input<typeof ZPasswordResetSchema>;
