import { z } from 'zod';

/** Email verification of new accounts (issue 8). */
export const EMAIL_VERIFICATION_PATHS = {
  /** The emailed link's page; it posts the fragment's token to `verifyApi`. */
  verify: '/account/verify-email',
  verifyApi: '/api/email-verification/verify',
  invalidLink: '/account/verify-email-invalid',
  status: '/api/account/email-verification',
  resend: '/api/account/email-verification/resend',
  /** Where a followed link lands: the dashboard, saying so. */
  verified: '/dashboard?email-verified=1',
} as const;

export const EMAIL_VERIFICATION_TTL_DAYS = 7;
/** At most one verification mail a minute per account. */
export const EMAIL_VERIFICATION_RESEND_SECONDS = 60;

export const EMAIL_VERIFICATION_MESSAGES = {
  sent: 'We sent a new verification link. It can take a minute or two to arrive.',
  alreadyVerified: 'Your email address is already verified.',
  linkInvalid: 'This confirmation link is no longer valid.',
} as const;

export const ZEmailVerificationStatusSchema = z.object({
  email: z.string(),
  verified: z.boolean(),
});
export type TEmailVerificationStatus = z.infer<typeof ZEmailVerificationStatusSchema>;
