import { z } from 'zod';

/** Phone verification for texts (issue 8): a 6-digit code by text, valid 10 minutes. */
export const PHONE_PATHS = {
  /** GET: the phone on the account; POST {phone}: text a code to a new number. */
  phone: '/api/account/phone',
  verify: '/api/account/phone/verify',
} as const;

export const PHONE_CODE_DIGITS = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
/** Wrong codes allowed before a code is voided. */
export const PHONE_CODE_FAILURES = 5;
/** One code a minute per account. */
export const PHONE_CODE_RESEND_SECONDS = 60;

export const PHONE_MESSAGES = {
  phoneInvalid: 'Enter a valid mobile number, including the area code.',
  codeRequired: 'Enter the 6-digit code we texted you.',
  codeInvalid: 'That code is not right. Check the text message and try again.',
  codeVoid: 'That code no longer works. Send a new code and try again.',
  sendFailed: 'We could not send a text to that number. Check it and try again.',
  sent: (phone: string) => `We texted a 6-digit code to ${phone}. It works for 10 minutes.`,
} as const;

const e164 = z
  .string({ error: PHONE_MESSAGES.phoneInvalid })
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, PHONE_MESSAGES.phoneInvalid);

export const ZPhoneStartSchema = z.object({ phone: e164 });
export type TPhoneStart = z.input<typeof ZPhoneStartSchema>;

export const ZPhoneCodeSchema = z.object({
  code: z
    .string({ error: PHONE_MESSAGES.codeRequired })
    .trim()
    .min(1, PHONE_MESSAGES.codeRequired)
    .regex(/^\d{6}$/, PHONE_MESSAGES.codeInvalid),
});
export type TPhoneCode = z.input<typeof ZPhoneCodeSchema>;

export const ZPhoneStatusSchema = z.object({
  /** The verified number, E.164, or null. */
  phone: z.string().nullable(),
  /** A number waiting for its code, or null. */
  pendingPhone: z.string().nullable(),
});
export type TPhoneStatus = z.infer<typeof ZPhoneStatusSchema>;
