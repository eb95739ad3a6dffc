import { z } from 'zod';

/** Two-factor sign-in with an authenticator app (TOTP, RFC 6238; issue 8). */
export const TWO_FACTOR_PATHS = {
  /** The challenge page a sign-in of a two-factor user is sent to, and its POST. */
  challenge: '/account/two-factor-challenge',
  /** Account Settings API (signed in). */
  status: '/api/account/two-factor',
  setup: '/api/account/two-factor/setup',
  confirm: '/api/account/two-factor/confirm',
  disable: '/api/account/two-factor/disable',
} as const;

export const TWO_FACTOR_DIGITS = 6;
export const TWO_FACTOR_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A waiting sign-in lasts this long before the password must be entered again. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 10;
/** Wrong codes allowed on one waiting sign-in before it is voided. */
export const TWO_FACTOR_CHALLENGE_FAILURES = 5;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'That code did not work. Check your authenticator app and try again.',
  challengeExpired: 'Your sign-in timed out. Please log in again.',
  alreadyOn: 'Two-step sign-in is already on for your account.',
  notStarted: 'Start setting up two-step sign-in first.',
  notOn: 'Two-step sign-in is not on for your account.',
} as const;

/** A 6-digit TOTP code, or a recovery code such as `k7d2m-9xq4p` (spaces and case ignored). */
export const ZTwoFactorCodeSchema = z.object({
  code: z
    .string({ error: TWO_FACTOR_MESSAGES.codeRequired })
    .trim()
    .min(1, TWO_FACTOR_MESSAGES.codeRequired)
    .max(32, TWO_FACTOR_MESSAGES.codeInvalid),
});
export type TTwoFactorCode = z.input<typeof ZTwoFactorCodeSchema>;

export const ZTwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatusSchema>;

export const ZTwoFactorSetupSchema = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as an SVG QR code. */
  qrSvg: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetupSchema>;

export const ZRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodesSchema>;
