import { z } from 'zod';
import { pageSchema, ZListQuerySchema } from '../admin/table.ts';
import { multilineText, singleLineText } from '../text.ts';
import { ZMlsListingStatusSchema } from './mls-listing-api.ts';
import { ZReturnReasonFieldSchema } from './mls-listing-lifecycle.ts';
import {
  PHOTO_REASON_PREFIX,
  ZAdminListingDetailSchema,
  ZAdminListingParamsSchema,
  ZAdminListingPhotoParamsSchema,
} from './mls-listing-review.ts';

/**
 * Issue 24, the concierge's vendor page (docs/decisions/048): MLS listings of properties with a
 * paid concierge order that every owner has signed wait with the property's assigned concierge
 * before staff. The concierge reads the listing as the customer built it, notes what to change
 * beside fields and photos, and either returns it to the customer or marks it ready for staff.
 */

export const CONCIERGE_API = {
  list: '/api/vendor/concierge/listings',
  one: (hash: string) => `/api/vendor/concierge/listings/${encodeURIComponent(hash)}`,
  photoFile: (listing: string, photo: string, size: 'thumb' | 'web') =>
    `/api/vendor/concierge/listings/${encodeURIComponent(listing)}/photos/${encodeURIComponent(photo)}/${size}`,
  returnToCustomer: (hash: string) =>
    `/api/vendor/concierge/listings/${encodeURIComponent(hash)}/return`,
  ready: (hash: string) => `/api/vendor/concierge/listings/${encodeURIComponent(hash)}/ready`,
} as const;

/** The product slugs that buy a concierge (decision 031's upgrades; contracts service-slugs). */
export const CONCIERGE_PRODUCT_SLUGS = ['concierge-review', 'concierge-listing'] as const;

export const ZConciergeListingsQuerySchema = ZListQuerySchema.extend({
  /** waiting: with the concierge now (the default). all: every listing assigned to them. */
  status: z.enum(['waiting', 'all']).default('waiting'),
  sort: z.enum(['submitted']).default('submitted'),
  /** Oldest first: the listing that has waited longest is worked first. */
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export type TConciergeListingsQuery = z.input<typeof ZConciergeListingsQuerySchema>;

export const ZConciergeListingRowSchema = z.object({
  hash: z.string(),
  status: ZMlsListingStatusSchema,
  streetAddress: z.string(),
  city: z.string(),
  state: z.string(),
  owners: z.array(z.object({ name: z.string(), email: z.string() })),
  /** When every owner signed it (last), null for one never signed. */
  submittedAt: z.string().nullable(),
  photoCount: z.number().int(),
});
export type TConciergeListingRow = z.infer<typeof ZConciergeListingRowSchema>;
export const ZConciergeListingsPageSchema = pageSchema(ZConciergeListingRowSchema);

export const ZConciergeListingParamsSchema = ZAdminListingParamsSchema;
export const ZConciergeListingPhotoParamsSchema = ZAdminListingPhotoParamsSchema;

/**
 * One listing as the concierge reads it: the same fields and photos staff check (without the
 * invoice, the boards or the refund), the last notes sent back, its history, and whether it is
 * with them now (`waiting`: the two actions are open).
 */
export const ZConciergeListingDetailSchema = ZAdminListingDetailSchema.pick({
  hash: true,
  status: true,
  submittedAt: true,
  propertyType: true,
  propertySubType: true,
  form: true,
  warnings: true,
  photos: true,
  returnReasons: true,
  history: true,
}).extend({
  property: z.object({
    streetAddress: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
  }),
  waiting: z.boolean(),
  /** The property's hash: the concierge listing's draft pages take it (decision 065). */
  propertyHash: z.string(),
  /** The property has a paid concierge listing: the concierge may work on the draft. */
  conciergeListing: z.boolean(),
});
export type TConciergeListingDetail = z.infer<typeof ZConciergeListingDetailSchema>;

/** A note's place: a field of the listing (decision 032's names), or one photo (`photo:{hash}`). */
export const ZConciergeNoteFieldSchema = z.union([
  ZReturnReasonFieldSchema,
  singleLineText().regex(
    new RegExp(`^${PHOTO_REASON_PREFIX}[A-Za-z0-9_-]{1,64}$`),
    'Choose a field or a photo of this listing.',
  ),
]);

export const ZConciergeReturnRequestSchema = z.object({
  notes: z
    .array(
      z.object({
        field: ZConciergeNoteFieldSchema,
        note: multilineText()
          .trim()
          .min(1, 'Write the note, or leave the field without one.')
          .max(1000, 'Keep each note under 1,000 characters.'),
      }),
    )
    .min(
      1,
      'Write at least one note beside a field or a photo, so the customer knows what to change.',
    )
    .max(80),
});
export type TConciergeReturnRequest = z.infer<typeof ZConciergeReturnRequestSchema>;
