import {
  MLS_LISTING_STATUSES,
  MLS_LISTING_STEPS,
  RESO_STANDARD_STATUSES,
  signsSlug,
} from '@lantern/domain';
import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { ZInvoiceLineSchema, ZInvoiceStatusSchema } from '../orders/invoices.ts';
import { ZOrderStatusSchema } from '../orders/orders.ts';
import { singleLineText } from '../text.ts';
import { ZListingConciergeStateSchema } from './concierge-listing.ts';
import { ZMlsListingDraftSchema } from './mls-listing-form.ts';
import { ZResoPropertySubTypeSchema, ZResoPropertyTypeSchema } from './reso.ts';

/**
 * Requests and answers of the MLS listing builder (issue 16; paths in mls-listing-paths.ts).
 * Every endpoint names the property by its hash: `?property=` on GET, `property` in a PUT body.
 */

export const ZMlsListingStepSchema = z.enum(MLS_LISTING_STEPS);
export const ZMlsListingStatusSchema = z.enum(MLS_LISTING_STATUSES);

/** GET listing / services / payment. */
export const ZMlsListingQuerySchema = z.object({ property: ZPropertyHashSchema });
export type TMlsListingQuery = z.infer<typeof ZMlsListingQuerySchema>;

export const ZMlsBoardOptionSchema = z.object({
  slug: z.string(),
  name: z.string(),
  shortName: z.string(),
  website: z.string(),
});
export type TMlsBoardOption = z.infer<typeof ZMlsBoardOptionSchema>;

/** A fair-housing phrase found in a field: saved, shown as a warning naming it. */
export const ZMlsListingWarningSchema = z.object({
  field: z.string(),
  phrase: z.string(),
  message: z.string(),
});
export type TMlsListingWarning = z.infer<typeof ZMlsListingWarningSchema>;

export const ZMlsListingSchema = z.object({
  hash: z.string(),
  status: ZMlsListingStatusSchema,
  /** Steps done, in step order. */
  completedSteps: z.array(ZMlsListingStepSchema),
  /** The first step not done (where "resume" goes); null when all five are. */
  nextStep: ZMlsListingStepSchema.nullable(),
  /** Whether this user may change it (a participant with can_edit). */
  canEdit: z.boolean(),
  /** The MLS listing order it fulfils. */
  order: z.object({ hash: z.string(), productName: z.string(), status: ZOrderStatusSchema }),
  property: z.object({
    hash: z.string(),
    streetAddress: z.string(),
    unit: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    /** As the property has it; null when the property has none. */
    county: z.string().nullable(),
  }),
  /** The MLSs serving the property's county (decision 004): several → the customer picks. */
  boardOptions: z.array(ZMlsBoardOptionSchema),
  /** The MLS chosen (or the only one); null while none is confirmed for the county. */
  board: ZMlsBoardOptionSchema.nullable(),
  /** No MLS is confirmed for the county: we choose one at review. */
  boardPending: z.boolean(),
  /** MLS_LISTING_TEXTS.boardPending(county) when boardPending, else null. */
  boardPendingText: z.string().nullable(),
  propertyType: ZResoPropertyTypeSchema.nullable(),
  propertySubType: ZResoPropertySubTypeSchema.nullable(),
  /** The form as saved (a draft may be partial). */
  form: ZMlsListingDraftSchema,
  warnings: z.array(ZMlsListingWarningSchema),
  /** Issue 18: when the last owner signed (null while not submitted). */
  submittedAt: z.string().nullable(),
  /** Staff's reasons when they sent it back, by field ("listing" for the whole listing). */
  returnReasons: z.record(z.string(), z.array(z.string())).nullable(),
  mlsNumber: z.string().nullable(),
  standardStatus: z.enum(RESO_STANDARD_STATUSES).nullable(),
  liveAt: z.string().nullable(),
  rejectedReason: z.string().nullable(),
  /** Issue 39: the concierge holding the draft, and their changes waiting for review. */
  concierge: ZListingConciergeStateSchema,
});
export type TMlsListing = z.infer<typeof ZMlsListingSchema>;

export const ZMlsListingResponseSchema = z.object({ listing: ZMlsListingSchema });
export type TMlsListingResponse = z.infer<typeof ZMlsListingResponseSchema>;

/**
 * GET: the listing, or none yet with why (no order, or its order was cancelled) — a 200, so a
 * step page without an order shows its empty state without a failed request (decision 056).
 */
export const ZMlsListingReadSchema = z.object({
  listing: ZMlsListingSchema.nullable(),
  notOrdered: z.object({ message: z.string(), cancelled: z.boolean() }).optional(),
});
export type TMlsListingRead = z.infer<typeof ZMlsListingReadSchema>;

/** PUT location: completes the location step. `board` is required when several MLSs serve the county. */
export const ZMlsListingLocationRequestSchema = z.object({
  property: ZPropertyHashSchema,
  board: singleLineText().trim().max(80).nullable().optional(),
  propertyType: ZResoPropertyTypeSchema.nullable().optional(),
  propertySubType: ZResoPropertySubTypeSchema.nullable().optional(),
});
export type TMlsListingLocationRequest = z.input<typeof ZMlsListingLocationRequestSchema>;

/**
 * PUT form: `finish: false` saves a draft (each value checked, any may be missing); `finish: true`
 * also checks the complete form and, when it passes, counts the step done. A draft save that
 * leaves the form incomplete un-counts the step.
 */
export const ZMlsListingFormRequestSchema = z.object({
  property: ZPropertyHashSchema,
  form: ZMlsListingDraftSchema,
  finish: z.boolean().default(false),
});
export type TMlsListingFormRequest = z.input<typeof ZMlsListingFormRequestSchema>;

/**
 * The catalogue products the services step offers, in this order, when the property is offered
 * them (issue 16: photography, lockbox, signs and posts, concierge review). The catalogue has no
 * showing-management product, so there is none here (MLS_LISTING_TEXTS.showingManagementMissing).
 */
export function mlsListingUpgradeSlugs(siteName: string): string[] {
  return [
    'photography',
    'lockbox-rental',
    signsSlug(siteName),
    'real-estate-sign-posts',
    'sign-post-purchase',
    'sign-purchase',
    'concierge-review',
  ];
}

/** One upgrade the services step offers for this property. */
export const ZMlsListingUpgradeSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** Null: priced by quote (staff price it; no invoice until then). */
  priceCents: z.number().int().nonnegative().nullable(),
  /** A refundable deposit billed with it (the lockbox), else 0. */
  depositCents: z.number().int().nonnegative(),
  /** Chosen for this listing (an active order exists). */
  chosen: z.boolean(),
  /** Its order when chosen. */
  order: z.string().nullable(),
  /** 'listing': billed on the listing's invoice; 'own': its own invoice (listing already paid). */
  billedOn: z.enum(['listing', 'own']).nullable(),
  /** Chosen and paid or started: it cannot be removed here. */
  locked: z.boolean(),
});
export type TMlsListingUpgrade = z.infer<typeof ZMlsListingUpgradeSchema>;

export const ZMlsListingServicesResponseSchema = z.object({
  upgrades: z.array(ZMlsListingUpgradeSchema),
  /** The listing's invoice total after the upgrades on it; null without an invoice. */
  invoiceTotalCents: z.number().int().nullable(),
});
export type TMlsListingServicesResponse = z.infer<typeof ZMlsListingServicesResponseSchema>;

/** PUT services: the upgrades wanted (slugs); the ones left out are removed. Completes the step. */
export const ZMlsListingServicesRequestSchema = z.object({
  property: ZPropertyHashSchema,
  upgrades: z.array(singleLineText().trim().min(1).max(80)).max(20),
});
export type TMlsListingServicesRequest = z.input<typeof ZMlsListingServicesRequestSchema>;

export const ZMlsListingInvoiceSchema = z.object({
  /** For DASHBOARD_API.invoiceCheckout and the invoice page. */
  hash: z.string(),
  number: z.string(),
  status: ZInvoiceStatusSchema,
  lines: z.array(ZInvoiceLineSchema),
  subtotalCents: z.number().int(),
  couponCode: z.string().nullable(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  dueDate: z.string(),
});
export type TMlsListingInvoice = z.infer<typeof ZMlsListingInvoiceSchema>;

/** GET payment: the listing's invoice and any upgrade invoiced on its own. */
export const ZMlsListingPaymentResponseSchema = z.object({
  /**
   * Only the person billed and participants who can edit see invoices (decision 010): for
   * anyone else on the property the invoices are null/empty and this is true; `paid` still shows.
   */
  invoiceHidden: z.boolean(),
  invoice: ZMlsListingInvoiceSchema.nullable(),
  /** Upgrades added after the listing was paid, each on its own invoice. */
  otherInvoices: z.array(ZMlsListingInvoiceSchema),
  /** Every invoice above is paid: the listing may be submitted. */
  paid: z.boolean(),
  /** Card payments are set up (Stripe): "Pay" is offered for an open invoice. */
  cardPayments: z.boolean(),
});
export type TMlsListingPaymentResponse = z.infer<typeof ZMlsListingPaymentResponseSchema>;
