import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

/** The largest fixed discount staff may set: $10,000.00. */
export const COUPON_AMOUNT_MAX_CENTS = 1_000_000;

export const COUPON_TEXTS = {
  code: 'Use 3 to 40 letters, digits, dashes or underscores.',
  codeTaken: 'A coupon with this code already exists.',
  descriptionTooLong: 'Keep the note under 200 characters.',
  discount: 'Give either a percentage or an amount off, not both.',
  percent: 'Enter a whole percentage from 1 to 100.',
  amount: 'Enter an amount from $0.01 to $10,000.00.',
  productUnknown: 'There is no product with this slug.',
  window: 'The end must come after the start.',
  date: 'Enter a date and time.',
  maxRedemptions: 'Enter a whole number from 1 to 1,000,000, or leave it empty for no limit.',
  belowUses: 'This coupon is already on more orders than that. Raise the limit or deactivate it.',
} as const;

/** Staff's coupon list (issue 17), newest first; searchable by code or note. */
export const ZCouponsQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['created', 'code']).default('created'),
});

export const ZAdminCouponSchema = z.object({
  code: z.string(),
  description: z.string(),
  percentOff: z.number().int().nullable(),
  amountOffCents: z.number().int().nullable(),
  /** Only for this product; null for any priced product. */
  productSlug: z.string().nullable(),
  active: z.boolean(),
  startsAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxRedemptions: z.number().int().nullable(),
  /** Orders holding it now (a cancelled unpaid order gives its use back). */
  redemptions: z.number().int(),
  oncePerCustomer: z.boolean(),
  firstOrderOnly: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TAdminCoupon = z.infer<typeof ZAdminCouponSchema>;
export const ZCouponsPageSchema = pageSchema(ZAdminCouponSchema);

export const ZCouponCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{3,40}$/, COUPON_TEXTS.code)
  .transform((c) => c.toUpperCase());
export const ZCouponParamsSchema = z.object({ code: ZCouponCodeSchema });

const instant = z.iso.datetime({ offset: true, error: COUPON_TEXTS.date }).nullable();

/** A coupon's terms; its code is set once, when it is made. */
export const ZCouponTermsSchema = z
  .object({
    description: singleLineText().trim().max(200, COUPON_TEXTS.descriptionTooLong).default(''),
    percentOff: z
      .number({ error: COUPON_TEXTS.percent })
      .int(COUPON_TEXTS.percent)
      .min(1, COUPON_TEXTS.percent)
      .max(100, COUPON_TEXTS.percent)
      .nullable(),
    amountOffCents: z
      .number({ error: COUPON_TEXTS.amount })
      .int(COUPON_TEXTS.amount)
      .min(1, COUPON_TEXTS.amount)
      .max(COUPON_AMOUNT_MAX_CENTS, COUPON_TEXTS.amount)
      .nullable(),
    productSlug: singleLineText().trim().min(1).max(80).nullable(),
    active: z.boolean(),
    startsAt: instant,
    expiresAt: instant,
    maxRedemptions: z
      .number({ error: COUPON_TEXTS.maxRedemptions })
      .int(COUPON_TEXTS.maxRedemptions)
      .min(1, COUPON_TEXTS.maxRedemptions)
      .max(1_000_000, COUPON_TEXTS.maxRedemptions)
      .nullable(),
    oncePerCustomer: z.boolean(),
    firstOrderOnly: z.boolean(),
  })
  .superRefine((c, ctx) => {
    if ((c.percentOff === null) === (c.amountOffCents === null))
      ctx.addIssue({ code: 'custom', path: ['percentOff'], message: COUPON_TEXTS.discount });
    if (c.startsAt && c.expiresAt && Date.parse(c.startsAt) >= Date.parse(c.expiresAt))
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: COUPON_TEXTS.window });
  });
export type TCouponTerms = z.input<typeof ZCouponTermsSchema>;

export const ZCreateCouponRequestSchema = ZCouponTermsSchema.and(
  z.object({ code: ZCouponCodeSchema }),
);
export type TCreateCouponRequest = z.input<typeof ZCreateCouponRequestSchema>;
