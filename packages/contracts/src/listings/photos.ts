import { PHOTO_LIMITS, PHOTO_STATUSES } from '@lantern/domain';
import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { singleLineText } from '../text.ts';

/**
 * The photos step's requests and answers (issue 16, MLS_LISTING_API photo paths). Every route
 * takes the property as `?property={hash}` (GET, POST upload, DELETE) or `property` in the JSON
 * body (PUT); the upload's body is multipart/form-data with one `files` part per photo.
 */

export const ZPhotoHashSchema = singleLineText().min(1).max(64);

/** Where the dashboard reads a size of a ready photo (the access-checked file route). */
export const ZPhotoUrlsSchema = z.object({ thumb: z.string(), web: z.string() });

export const ZListingPhotoSchema = z.object({
  hash: z.string(),
  /** 0 is the primary photo (the front of the home from outside). */
  position: z.number().int(),
  caption: z.string(),
  status: z.enum(PHOTO_STATUSES),
  /** Why it was refused (PHOTO_TEXTS), when status is refused. */
  error: z.string().nullable(),
  /** The name the file had on the customer's machine, for display only. */
  fileName: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Null until the web sizes are made (status ready). */
  urls: ZPhotoUrlsSchema.nullable(),
});
export type TListingPhoto = z.infer<typeof ZListingPhotoSchema>;

/** GET MLS_LISTING_API.photos?property= ; also the answer of order, caption and delete. */
export const ZListingPhotosResponseSchema = z.object({
  photos: z.array(ZListingPhotoSchema),
  /** Whether this user may upload, reorder, caption and delete (participant can_edit). */
  can_edit: z.boolean(),
});
export type TListingPhotosResponse = z.infer<typeof ZListingPhotosResponseSchema>;

/** One file of an upload: stored (and now processing) or refused with the reason in words. */
export const ZPhotoUploadResultSchema = z.discriminatedUnion('stored', [
  z.object({ name: z.string(), stored: z.literal(true), photo: ZListingPhotoSchema }),
  z.object({ name: z.string(), stored: z.literal(false), error: z.string() }),
]);
export type TPhotoUploadResult = z.infer<typeof ZPhotoUploadResultSchema>;

/** POST MLS_LISTING_API.photos?property= : one result per file part, in the order sent. */
export const ZPhotoUploadResponseSchema = z.object({
  files: z.array(ZPhotoUploadResultSchema),
  photos: z.array(ZListingPhotoSchema),
});
export type TPhotoUploadResponse = z.infer<typeof ZPhotoUploadResponseSchema>;

/** PUT MLS_LISTING_API.photosOrder: every photo's hash, the new first one first. */
export const ZPhotoOrderRequestSchema = z.object({
  property: ZPropertyHashSchema,
  photos: z.array(ZPhotoHashSchema).max(PHOTO_LIMITS.maxPhotos * 2),
});
export type TPhotoOrderRequest = z.infer<typeof ZPhotoOrderRequestSchema>;

/** PUT MLS_LISTING_API.photoCaption(hash). */
export const ZPhotoCaptionRequestSchema = z.object({
  property: ZPropertyHashSchema,
  caption: singleLineText().trim().max(PHOTO_LIMITS.maxCaption),
});
export type TPhotoCaptionRequest = z.infer<typeof ZPhotoCaptionRequestSchema>;

/** Path parameters of the single-photo routes. */
export const ZPhotoParamsSchema = z.object({ hash: ZPhotoHashSchema });
export const ZPhotoFileParamsSchema = z.object({
  hash: ZPhotoHashSchema,
  size: z.enum(['thumb', 'web']),
});

/** Said when the order sent is not exactly the listing's photos. */
export const PHOTO_ORDER_TEXTS = {
  mismatch: 'The photos changed while you were sorting them. Reload the page and try again.',
} as const;
