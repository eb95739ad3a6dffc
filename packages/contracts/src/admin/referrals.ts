import { REFERRAL_STATUSES } from '@lantern/domain';
import { z } from 'zod';
import { ZEmailSchema } from '../auth/credentials.ts';
import { multilineText, singleLineText } from '../text.ts';
import { COVERAGE_STATE_CODES } from './coverage.ts';
import { ZDaySchema } from './reports.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

/** The largest referral fee staff may record: $100,000. */
export const REFERRAL_FEE_MAX_CENTS = 10_000_000;

export const REFERRAL_TEXTS = {
  referrerUnknown: 'No account has this email address.',
  referrerNotVendor:
    'This person is not a referrer or referral agent. Give them that vendor kind first.',
  selfReferral: 'A person cannot refer themselves.',
  customerUnknown: 'No customer has this email address yet. Ask them to sign up first.',
  propertyNotCustomers: 'Choose one of the customer’s properties.',
  customerLinkedElsewhere: (email: string) =>
    `This customer accepted a referral invitation from ${email}. Record the referral under that referrer.`,
  fee: 'Enter the fee in dollars and cents.',
  feeTooBig: 'A referral fee is at most $100,000.',
  reference: 'Enter the check number or the transfer reference.',
  notPending: 'Only a pending referral can be marked earned or deleted.',
  notEarned: 'Only an earned referral can be marked paid.',
  noProperty:
    'This referral names no property, so no state’s license can be checked. Add the property first.',
  noLicense: (state: string) =>
    `The referrer has no real estate license on file for ${state} that is valid today. Add it on their page first.`,
  licenseState: 'Choose one of the 50 states or DC.',
  licenseNumber: 'Enter the license number.',
  licenseExpired: 'This license has already expired.',
  earned: 'Marked earned.',
  paid: 'Marked paid.',
} as const;

export const ZReferralStatusSchema = z.enum(REFERRAL_STATUSES);

export const ZReferralsQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created']).default('created'),
  status: z.enum(['all', ...REFERRAL_STATUSES]).default('all'),
});

export const ZReferralRowSchema = z.object({
  hash: z.string(),
  referrer: z.object({ hash: z.string(), email: z.string(), name: z.string().nullable() }),
  customer: z.object({ hash: z.string().nullable(), email: z.string() }),
  property: z.object({ hash: z.string(), address: z.string(), state: z.string() }).nullable(),
  feeCents: z.number().int().nonnegative(),
  status: ZReferralStatusSchema,
  /** Whether the fee may be paid today: a license on file for the property's state, valid today. */
  payable: z.boolean(),
  earnedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  paidReference: z.string().nullable(),
  paidLicense: z.string().nullable(),
  notes: z.string(),
  createdAt: z.string(),
});
export type TReferralRow = z.infer<typeof ZReferralRowSchema>;
export const ZReferralsPageSchema = pageSchema(ZReferralRowSchema);

export const ZReferralParamsSchema = z.object({ hash: singleLineText().max(64) });

/** POST /api/admin/referrals */
export const ZCreateReferralRequestSchema = z.object({
  referrerEmail: ZEmailSchema,
  customerEmail: ZEmailSchema,
  /** One of the customer's properties, or none yet. */
  property: singleLineText().max(64).nullable().default(null),
  feeCents: z
    .number({ error: REFERRAL_TEXTS.fee })
    .int(REFERRAL_TEXTS.fee)
    .min(0, REFERRAL_TEXTS.fee)
    .max(REFERRAL_FEE_MAX_CENTS, REFERRAL_TEXTS.feeTooBig),
  notes: multilineText().trim().max(1000, 'Keep the notes under 1,000 characters.').default(''),
});
export type TCreateReferralRequest = z.input<typeof ZCreateReferralRequestSchema>;

/** POST /api/admin/referrals/{hash}/paid */
export const ZPayReferralRequestSchema = z.object({
  reference: singleLineText()
    .trim()
    .min(1, REFERRAL_TEXTS.reference)
    .max(100, 'Keep the reference under 100 characters.'),
});

export const ZLicenseSchema = z.object({
  state: z.string(),
  number: z.string(),
  expiresOn: z.string(),
  /** Still valid today. */
  valid: z.boolean(),
});
export type TLicense = z.infer<typeof ZLicenseSchema>;
export const ZLicensesResponseSchema = z.object({ licenses: z.array(ZLicenseSchema) });

/** PUT /api/admin/users/{hash}/licenses: add a license, or replace the one for that state. */
export const ZPutLicenseRequestSchema = z.object({
  state: singleLineText()
    .trim()
    .toUpperCase()
    .refine((s) => COVERAGE_STATE_CODES.has(s), { error: REFERRAL_TEXTS.licenseState }),
  number: singleLineText()
    .trim()
    .min(1, REFERRAL_TEXTS.licenseNumber)
    .max(40, 'Keep the number under 40 characters.'),
  expiresOn: ZDaySchema,
});
export type TPutLicenseRequest = z.input<typeof ZPutLicenseRequestSchema>;

export const ZLicenseParamsSchema = z.object({
  hash: singleLineText().max(64),
  state: singleLineText().max(2),
});
