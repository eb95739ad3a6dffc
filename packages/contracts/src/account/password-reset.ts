import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, ZLoginRequestSchema } from '../auth/credentials.ts';
import { MESSAGES } from '../errors.ts';
import { singleLineText } from '../text.ts';

/** Password reset by emailed link (issue 8; docs/decisions/012-account-lifecycle.md). */
export const PASSWORD_RESET_PATHS = {
  /** GET: the request page; POST: ask for a link. */
  request: '/password/email',
  /** GET: the emailed link's page, where a new password is chosen; the token rides in the fragment. */
  resetPage: '/password/reset',
  /**
   * GET /password/reset/{token}: the link's older form, still in inboxes for up to an hour after
   * an upgrade; checked by the server and redirected to `resetPage` (its token is kept out of logs).
   */
  link: (token: string) => `/password/reset/${token}` as const,
  /** POST {token}: whether a link still works, before the form is shown. */
  check: '/api/password/reset/check',
  /** POST: set the new password. */
  reset: '/api/password/reset',
  /** GET: the Reset PIN page; the PIN came by text. */
  pinPage: '/password/pin',
  /** POST: set the new password with the texted PIN. */
  pinReset: '/api/password/reset-pin',
  incorrectLink: '/password/incorrect-link',
  incorrectAccount: '/password/incorrect-account',
} as const;

/** A reset link works once, for this long. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** A texted PIN works for this long, and until PASSWORD_RESET_PIN_FAILURES wrong tries. */
export const PASSWORD_RESET_PIN_TTL_MINUTES = 15;
export const PASSWORD_RESET_PIN_FAILURES = 5;
/** One reset mail a minute per address; per IP address, this many an hour. */
export const PASSWORD_RESET_EMAIL_WINDOW_SECONDS = 60;
export const PASSWORD_RESET_PER_IP_PER_HOUR = 20;

export const PASSWORD_RESET_MESSAGES = {
  /** The one answer to every well-formed request, whether or not the address has an account. */
  sent: 'If an account uses that email, we have sent it a link to choose a new password. The link works for 60 minutes.',
  /** The one answer to a request for a PIN: the account may have no verified phone. */
  sentPin:
    'If an account uses that email, we texted a 6-digit PIN to its verified phone. Accounts without a verified phone, or whose phone asked us to stop texting it, get a reset link by email instead.',
  pinRequired: 'Enter the 6-digit PIN from the text message.',
  pinWrong: 'That PIN and email do not match. Check the text message and try again.',
  pinVoid: 'This PIN no longer works. Ask for a new one.',
  passwordsDiffer: 'The two passwords do not match.',
  confirmationRequired: 'Type the new password again.',
  incorrectLink: 'This reset link is not valid any more.',
  incorrectAccount: 'This reset link belongs to a different account than the one signed in here.',
  done: 'Your password was changed. Log in with your new password.',
} as const;

/** POST /password/email: `via: 'text'` asks for a PIN by text instead of a link. */
export const ZPasswordResetRequestSchema = ZLoginRequestSchema.pick({ email: true }).extend({
  via: z.enum(['email', 'text']).optional().default('email'),
});
export type TPasswordResetRequest = z.input<typeof ZPasswordResetRequestSchema>;

export const ZMessageAnswerSchema = z.object({ message: z.string() });
export type TMessageAnswer = z.infer<typeof ZMessageAnswerSchema>;

const newPassword = {
  password: singleLineText({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX, MESSAGES.passwordTooLong),
  password_confirmation: singleLineText({ error: PASSWORD_RESET_MESSAGES.confirmationRequired })
    .min(1, PASSWORD_RESET_MESSAGES.confirmationRequired)
    .max(1024),
};
const sameTwice = (v: { password: string; password_confirmation: string }) =>
  v.password === v.password_confirmation;
const differ = () => ({
  path: ['password_confirmation'],
  error: PASSWORD_RESET_MESSAGES.passwordsDiffer,
});

/** POST /api/password/reset */
export const ZPasswordResetSchema = z
  .object({ token: singleLineText().min(1).max(200), ...newPassword })
  .refine(sameTwice, differ());
export type TPasswordReset = z.input<typeof ZPasswordResetSchema>;

/** POST /api/password/reset-pin */
export const ZPasswordPinResetSchema = z
  .object({
    email: ZLoginRequestSchema.shape.email,
    pin: z
      .string({ error: PASSWORD_RESET_MESSAGES.pinRequired })
      .trim()
      .min(1, PASSWORD_RESET_MESSAGES.pinRequired)
      .regex(/^\d{6}$/, PASSWORD_RESET_MESSAGES.pinWrong),
    ...newPassword,
  })
  .refine(sameTwice, differ());
export type TPasswordPinReset = z.input<typeof ZPasswordPinResetSchema>;
