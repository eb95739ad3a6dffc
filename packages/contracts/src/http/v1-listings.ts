import { FSBO_LISTING_STATUSES, MLS_LISTING_STATUSES, PHOTO_LIMITS } from '@lantern/domain';
import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { LISTING_STATUSES } from '../listings/listings.ts';
import {
  ZListingPhotoSchema,
  ZPhotoHashSchema,
  ZPhotoUploadResultSchema,
} from '../listings/photos.ts';
import { singleLineText } from '../text.ts';

/**
 * /api/v1/listings and /api/v1/photos (issue 48): the listings a token's owner is building or
 * has published (MLS and FSBO, drafts included), and their photos by their own paths. Photo
 * file URLs in these answers are /api/v1/photos/{hash}/{size}, which a token may read.
 */
const ZV1PublicListingSchema = z.object({
  /** The public listing's id; /listings/{slug} on the site once published. */
  hash: z.string(),
  slug: z.string().nullable(),
  published: z.boolean(),
  /** Where the sale stands: active, pending, sold or off the market. */
  status: z.enum(LISTING_STATUSES),
});

export const ZV1ListingSchema = z
  .object({
    hash: z.string(),
    kind: z.enum(['mls', 'fsbo']),
    /** The property's hash (`/api/v1/properties/{hash}`). */
    property: z.string(),
    /** The MLS listing's step in review (draft … live), or the FSBO listing's. */
    status: z.union([z.enum(MLS_LISTING_STATUSES), z.enum(FSBO_LISTING_STATUSES)]),
    /** Whether you may change it (add photos, reorder, caption): can_edit on the property. */
    canEdit: z.boolean(),
    /** Its page on the public site; null until it is first shown there. */
    publicListing: ZV1PublicListingSchema.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Listing' });
export type TV1Listing = z.infer<typeof ZV1ListingSchema>;
export const ZV1ListingResponseSchema = z
  .object({ listing: ZV1ListingSchema })
  .meta({ id: 'ListingResponse' });
export const ZV1ListingListSchema = z
  .object({ listings: z.array(ZV1ListingSchema) })
  .meta({ id: 'ListingList' });
export const ZV1ListingParamsSchema = z.object({ hash: ZPropertyHashSchema });

export const ZV1PhotoSchema = ZListingPhotoSchema.meta({ id: 'Photo' });
export const ZV1PhotoResponseSchema = z
  .object({ photo: ZV1PhotoSchema })
  .meta({ id: 'PhotoResponse' });
export const ZV1PhotoListSchema = z
  .object({ photos: z.array(ZV1PhotoSchema), canEdit: z.boolean() })
  .meta({ id: 'PhotoList' });
export const ZV1PhotoUploadSchema = z
  .object({ files: z.array(ZPhotoUploadResultSchema), photos: z.array(ZV1PhotoSchema) })
  .meta({ id: 'PhotoUpload' });
export const ZV1PhotoParamsSchema = z.object({ hash: ZPhotoHashSchema });
export const ZV1PhotoFileParamsSchema = z.object({
  hash: ZPhotoHashSchema,
  size: z.enum(['thumb', 'web']),
});
/** PUT /api/v1/listings/{hash}/photos/order: every photo's hash, the new first one first. */
export const ZV1PhotoOrderRequestSchema = z.object({
  photos: z.array(ZPhotoHashSchema).max(PHOTO_LIMITS.maxPhotos * 2),
});
/** PATCH /api/v1/photos/{hash}. */
export const ZV1PhotoChangeSchema = z.object({
  caption: singleLineText().trim().max(PHOTO_LIMITS.maxCaption),
});
