import {
  LISTING_EVENT_KINDS,
  MLS_LISTING_FIELD_LABELS,
  MLS_LISTING_STATUSES,
  RESO_STANDARD_STATUSES,
  type TListingEventKind,
  type TMlsListingStatus,
  type TMlsListingStep,
} from '@lantern/domain';
import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import { ZInvoiceStatusSchema } from '../orders/invoices.ts';
import { ZOrderStatusSchema } from '../orders/orders.ts';
import { singleLineText } from '../text.ts';
import {
  ZMlsBoardOptionSchema,
  ZMlsListingStatusSchema,
  ZMlsListingWarningSchema,
} from './mls-listing-api.ts';
import { ZMlsListingDraftSchema } from './mls-listing-form.ts';
import { type RETURN_REASON_FIELDS, ZReturnReasonsSchema } from './mls-listing-lifecycle.ts';
import { ZResoPropertySubTypeSchema, ZResoPropertyTypeSchema } from './reso.ts';

/**
 * Issue 18, staff review (docs/decisions/032): the admin list of MLS listings by state, one
 * listing as staff check it, and the words of the review on both sides. The decisions' requests
 * (approve, send back, reject) and paths are in mls-listing-lifecycle.ts.
 */

/** GET a photo's size of a listing, for staff (the same files the customer's photo step shows). */
export const ADMIN_LISTING_REVIEW_API = {
  photoFile: (listing: string, photo: string, size: 'thumb' | 'web') =>
    `/api/admin/mls-listings/${encodeURIComponent(listing)}/photos/${encodeURIComponent(photo)}/${size}`,
} as const;

export type TReturnReasonField = (typeof RETURN_REASON_FIELDS)[number];

/** What staff and the customer call each field a reason can point at. */
export const RETURN_REASON_FIELD_LABELS: Record<TReturnReasonField, string> = {
  listing: 'The listing as a whole',
  propertyType: 'Property type',
  propertySubType: 'Property sub-type',
  photos: 'Photos',
  ListPrice: 'List price',
  BedroomsTotal: MLS_LISTING_FIELD_LABELS.BedroomsTotal,
  BathroomsFull: MLS_LISTING_FIELD_LABELS.BathroomsFull,
  BathroomsHalf: MLS_LISTING_FIELD_LABELS.BathroomsHalf,
  LivingArea: 'Finished living area',
  LotSizeAcres: MLS_LISTING_FIELD_LABELS.LotSizeAcres,
  LotSizeSquareFeet: 'Lot size in square feet',
  YearBuilt: MLS_LISTING_FIELD_LABELS.YearBuilt,
  GarageSpaces: MLS_LISTING_FIELD_LABELS.GarageSpaces,
  AssociationFee: 'Association fee',
  TaxAnnualAmount: 'Yearly property tax',
  PublicRemarks: 'Public remarks',
  ShowingInstructions: 'Showing instructions',
  Directions: MLS_LISTING_FIELD_LABELS.Directions,
  ListingTerms: MLS_LISTING_FIELD_LABELS.ListingTerms,
  Possession: MLS_LISTING_FIELD_LABELS.Possession,
  ExpirationDate: MLS_LISTING_FIELD_LABELS.ExpirationDate,
  Owners: MLS_LISTING_FIELD_LABELS.Owners,
};

/** The step where the customer fixes a field (null: the listing as a whole, no one step). */
export function returnReasonStep(field: string): TMlsListingStep | null {
  if (field === 'listing') return null;
  if (field.startsWith(PHOTO_REASON_PREFIX)) return 'photos';
  if (field === 'propertyType' || field === 'propertySubType') return 'location';
  if (field === 'photos') return 'photos';
  return 'form';
}

/**
 * A note about one photo is kept under `photo:{photo hash}` beside the fields' (the concierge's
 * notes, decision 048), so the photo step shows it beside that photo.
 */
export const PHOTO_REASON_PREFIX = 'photo:';
export const photoReasonKey = (photoHash: string) => `${PHOTO_REASON_PREFIX}${photoHash}`;

/** A field's label, or the key itself for one a later version no longer names. */
export const returnReasonLabel = (field: string) =>
  field.startsWith(PHOTO_REASON_PREFIX)
    ? 'A photo'
    : (RETURN_REASON_FIELD_LABELS[field as TReturnReasonField] ?? field);

/** Staff's words for a listing's state (the customer's pages say it in sentences). */
export const MLS_LISTING_STATUS_LABELS: Record<TMlsListingStatus, string> = {
  draft: 'Draft',
  submitted: 'Waiting for review',
  returned: 'Sent back',
  live: 'Live',
  rejected: 'Cannot be listed',
  concierge: 'With the concierge',
};

// ---------------------------------------------------------------------------------------------
// The admin list

export const ZAdminListingsQuerySchema = ZListQuerySchema.extend({
  status: z.enum(['all', ...MLS_LISTING_STATUSES]).default('submitted'),
  /** By when it was submitted (when it was started, for one never submitted). */
  sort: z.enum(['submitted']).default('submitted'),
  /** Oldest first: the queue is worked from the listing that has waited longest. */
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type TAdminListingsQuery = z.input<typeof ZAdminListingsQuerySchema>;

const ZOwnerSchema = z.object({ name: z.string(), email: z.string() });

export const ZAdminListingRowSchema = z.object({
  hash: z.string(),
  status: ZMlsListingStatusSchema,
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  owners: z.array(ZOwnerSchema),
  /** The MLS it goes on; null while none is confirmed for the county. */
  board: z.string().nullable(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  mlsNumber: z.string().nullable(),
});
export type TAdminListingRow = z.infer<typeof ZAdminListingRowSchema>;
export const ZAdminListingsPageSchema = pageSchema(ZAdminListingRowSchema);

export const ZAdminListingParamsSchema = z.object({ hash: singleLineText().min(1).max(64) });
export const ZAdminListingPhotoParamsSchema = z.object({
  hash: singleLineText().min(1).max(64),
  photo: singleLineText().min(1).max(64),
  size: z.enum(['thumb', 'web']),
});

// ---------------------------------------------------------------------------------------------
// One listing as staff check it

export const ZAdminListingDetailSchema = z.object({
  hash: z.string(),
  status: ZMlsListingStatusSchema,
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  property: z.object({
    hash: z.string(),
    streetAddress: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    county: z.string().nullable(),
  }),
  /** The MLS chosen at the location step; null when none was confirmed for the county. */
  board: ZMlsBoardOptionSchema.nullable(),
  /** Every MLS board, for staff to choose one at approval. */
  boards: z.array(ZMlsBoardOptionSchema),
  order: z.object({ hash: z.string(), productName: z.string(), status: ZOrderStatusSchema }),
  /** The listing's invoice (its upgrades' lines on it); null for an order not billed yet. */
  invoice: z
    .object({
      hash: z.string(),
      number: z.string(),
      status: ZInvoiceStatusSchema,
      totalCents: z.number().int(),
      paidCents: z.number().int(),
      refundedCents: z.number().int(),
      lines: z.array(z.object({ description: z.string(), amountCents: z.number().int() })),
    })
    .nullable(),
  /** What "cannot be listed" refunds: everything paid on the listing's invoice, less refunds. */
  refundableCents: z.number().int(),
  propertyType: ZResoPropertyTypeSchema.nullable(),
  propertySubType: ZResoPropertySubTypeSchema.nullable(),
  form: ZMlsListingDraftSchema,
  warnings: z.array(ZMlsListingWarningSchema),
  /** Photos ready to show, in the listing's order. */
  photos: z.array(
    z.object({
      hash: z.string(),
      caption: z.string().nullable(),
      fileName: z.string(),
      urls: z.object({ thumb: z.string(), web: z.string() }),
    }),
  ),
  /** The reasons of the last send-back (kept after a resubmission, for staff to compare). */
  returnReasons: ZReturnReasonsSchema.nullable(),
  mlsNumber: z.string().nullable(),
  standardStatus: z.enum(RESO_STANDARD_STATUSES).nullable(),
  liveAt: z.string().nullable(),
  rejectedReason: z.string().nullable(),
  /** Each submission and staff decision, oldest first: who decided, and the MLS at the time. */
  history: z.array(
    z.object({
      at: z.string(),
      kind: z.enum(LISTING_EVENT_KINDS),
      by: z.string().nullable(),
      board: z.string().nullable(),
      /** The step an edit saved (location, form, photos); null for other events. */
      step: z.string().nullable(),
    }),
  ),
});
export type TAdminListingDetail = z.infer<typeof ZAdminListingDetailSchema>;

/** A listing's history, as staff read it. */
export const LISTING_EVENT_LABELS: Record<TListingEventKind, string> = {
  submitted: 'Submitted: every owner signed',
  approved: 'Approved and put live',
  returned: 'Sent back to the owners',
  rejected: 'Cannot be listed; invoice refunded',
  concierge_returned: 'The concierge sent it back to the owners',
  concierge_ready: 'The concierge marked it ready for review',
  concierge_took: 'The concierge opened the draft to work on it',
  concierge_edited: 'The concierge changed the draft',
  concierge_handed: 'The concierge handed the draft to the owners',
  owner_edited: 'An owner changed the draft',
  owner_accepted: "An owner accepted the concierge's changes",
};

// ---------------------------------------------------------------------------------------------
// Words of the review (ours)

export const LISTING_REVIEW_TEXTS = {
  noBoard: 'No MLS confirmed for this county',
  mlsNumberTaken: 'Another listing on this MLS already has that number.',
  /** The refund's reason on the invoice (at most 500 characters). */
  refundReason: (reason: string) => `Cannot be listed: ${reason}`.slice(0, 500),
  rejectConfirm: (amount: string, invoice: string | null) =>
    invoice
      ? `Invoice ${invoice} is refunded in full: ${amount} goes back to the customer, card payments through Stripe. The owners are told why. This cannot be undone.`
      : 'Nothing was billed for this listing, so there is nothing to refund. The owners are told why. This cannot be undone.',
  // The customer's side
  fixOn: (step: string) => `Fix it on the ${step} step`,
  fromOurTeam: 'Our team:',
  seeWhatToFix: 'See what to fix',
  notYetSubmitted: 'The listing goes to our team once every owner has signed the agreement.',
  manageLink: 'Manage the live listing',
  liveSince: (date: string) => `Live since ${date}.`,
} as const;
