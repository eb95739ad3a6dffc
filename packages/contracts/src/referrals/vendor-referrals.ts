import { z } from 'zod';
import { ZLicenseSchema, ZReferralStatusSchema } from '../admin/referrals.ts';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import { ZEmailSchema } from '../auth/credentials.ts';
import { multilineText, singleLineText } from '../text.ts';

export const VENDOR_REFERRAL_API = {
  summary: '/api/vendor/referrals/summary',
  invitations: '/api/vendor/referrals/invitations',
  invitation: (hash: string) => `/api/vendor/referrals/invitations/${encodeURIComponent(hash)}`,
  fees: '/api/vendor/referrals/fees',
  fee: (hash: string) => `/api/vendor/referrals/fees/${encodeURIComponent(hash)}`,
  /** The invited person takes the invitation up (signed in). */
  accept: '/api/invitations/referral',
} as const;

/** How long a referral invitation link works. */
export const REFERRAL_INVITATION_TTL_DAYS = 30;

export const VENDOR_REFERRAL_TEXTS = {
  name: 'Enter the person’s name.',
  self: 'You cannot refer yourself.',
  alreadyYours: 'This person is already one of your referrals.',
  alreadyInvited:
    'You already invited this person and the link still works. Withdraw that invitation to send a new one.',
  referredByOther:
    'This person is already a customer referred by someone else, so you cannot refer them.',
  notPending: 'Only an invitation nobody has taken up yet can be withdrawn.',
  invitationInvalid:
    'This referral link is not valid any more. Ask the person who referred you for a new one.',
  invitationOtherEmail:
    'This referral was sent to another email address. Sign in with that address to accept it.',
  acceptedOther: 'Your account is already linked to someone else who referred you.',
  acceptSelf: 'You cannot accept your own referral invitation.',
  invited: (email: string) => `Invitation sent to ${email}.`,
  licenseRule:
    'Referral fees are paid only while you have a real estate license on file for the property’s state that is valid on the day of payment. Our team keeps your licenses on file; ask them to add or renew one.',
} as const;

/** POST invitations: "Refer a customer". */
export const ZReferralInviteRequestSchema = z.object({
  name: singleLineText()
    .trim()
    .min(1, VENDOR_REFERRAL_TEXTS.name)
    .max(100, 'Keep the name under 100 characters.'),
  email: ZEmailSchema,
  note: multilineText().trim().max(1000, 'Keep the note under 1,000 characters.').default(''),
});
export type TReferralInviteRequest = z.input<typeof ZReferralInviteRequestSchema>;

const ZDateOrNull = z.string().nullable();

/** Each step's instant, or null: from real records (docs/decisions/051). */
export const ZReferralProgressSchema = z.object({
  invited: z.string(),
  signedUp: ZDateOrNull,
  propertyAdded: ZDateOrNull,
  ordered: ZDateOrNull,
  paid: ZDateOrNull,
});
export type TReferralProgress = z.infer<typeof ZReferralProgressSchema>;

export const ZReferralInvitationSchema = z.object({
  hash: z.string(),
  name: z.string(),
  email: z.string(),
  note: z.string(),
  /** waiting: link sent and still works; expired: never taken up in time; linked: taken up. */
  state: z.enum(['waiting', 'expired', 'linked']),
  expiresAt: z.string(),
  progress: ZReferralProgressSchema,
});
export type TReferralInvitation = z.infer<typeof ZReferralInvitationSchema>;
export const ZReferralInvitationsPageSchema = pageSchema(ZReferralInvitationSchema);
export const ZReferralInvitationsQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created']).default('created'),
  state: z.enum(['all', 'waiting', 'expired', 'linked']).default('all'),
});

/** A fee as the referrer sees it (no staff notes). */
export const ZVendorReferralFeeSchema = z.object({
  hash: z.string(),
  customerEmail: z.string(),
  property: z.object({ address: z.string(), state: z.string() }).nullable(),
  feeCents: z.number().int().nonnegative(),
  status: ZReferralStatusSchema,
  payable: z.boolean(),
  earnedAt: ZDateOrNull,
  paidAt: ZDateOrNull,
  paidReference: z.string().nullable(),
  paidLicense: z.string().nullable(),
  createdAt: z.string(),
});
export type TVendorReferralFee = z.infer<typeof ZVendorReferralFeeSchema>;
export const ZVendorReferralFeesPageSchema = pageSchema(ZVendorReferralFeeSchema);
export const ZVendorReferralFeesQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created']).default('created'),
  status: z.enum(['all', 'pending', 'earned', 'paid']).default('all'),
});

export const ZReferralFeeTotalsSchema = z.object({
  pendingCents: z.number().int(),
  earnedCents: z.number().int(),
  payableCents: z.number().int(),
  heldCents: z.number().int(),
  paidCents: z.number().int(),
  totalCents: z.number().int(),
  count: z.number().int(),
});

/** GET summary: the fee sums and the licenses on file. */
export const ZVendorReferralSummarySchema = z.object({
  totals: ZReferralFeeTotalsSchema,
  licenses: z.array(ZLicenseSchema),
  /** The business's calendar day the licenses were checked against. */
  today: z.string(),
});
export type TVendorReferralSummary = z.infer<typeof ZVendorReferralSummarySchema>;

export const ZVendorReferralParamsSchema = z.object({ hash: singleLineText().max(64) });

/** POST accept */
export const ZAcceptReferralRequestSchema = z.object({
  token: singleLineText().min(1, VENDOR_REFERRAL_TEXTS.invitationInvalid).max(200),
});
export const ZAcceptReferralResponseSchema = z.object({
  referrer: z.string(),
});
