import { z } from 'zod';
import { MESSAGES } from '../errors.ts';
import { singleLineText } from '../text.ts';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }));

const flag = z.boolean().optional().default(false);

/** POST /account/login — spec section 3 "Login form". */
export const ZLoginRequestSchema = z.object({
  email,
  password: singleLineText({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(1024),
  remember: flag,
  promoOptin: flag,
});
export type TLoginRequest = z.input<typeof ZLoginRequestSchema>;

/** POST /account/sign-up — the same fields, with the password policy applied. */
export const ZSignUpRequestSchema = ZLoginRequestSchema.extend({
  password: singleLineText({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX, MESSAGES.passwordTooLong),
});
export type TSignUpRequest = z.input<typeof ZSignUpRequestSchema>;

export const ZAuthSuccessSchema = z.object({
  redirect: z.string(),
  /** True when the password (or provider) was right but a two-factor code is still needed: no session yet. */
  twoFactor: z.boolean().optional(),
});
export type TAuthSuccess = z.infer<typeof ZAuthSuccessSchema>;

/** An email address as every form takes it (trimmed, at most 254 characters). */
export const ZEmailSchema = email;

/** A new password under the sign-up policy. */
export const ZNewPasswordSchema = ZSignUpRequestSchema.shape.password;
