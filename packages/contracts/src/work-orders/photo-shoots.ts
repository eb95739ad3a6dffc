import { PHOTO_SHOOT_STATUS_KEYS } from '@lantern/domain';
import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import {
  ZListingPhotoSchema,
  ZPhotoHashSchema,
  ZPhotoUploadResultSchema,
} from '../listings/photos.ts';
import { multilineText, singleLineText } from '../text.ts';

/**
 * A photography shoot (issue 39; docs/decisions/064): the photographs a photographer delivers on
 * a photography work order, apart from the trip's proof photos. Staff approve the set or send it
 * back; once approved the customer has it on the Photography page.
 */
export const PHOTO_SHOOT_MAX_PHOTOS = 150;

/** The licence a photographer grants when delivering a shoot (recorded on the work order). */
export const PHOTO_SHOOT_LICENCE =
  'I took these photographs and grant the property’s owners and Lantern a licence, without further payment and for as long as the home is marketed, to use, copy, crop and publish them for the listing, the MLS and its syndication to other sites, and on Lantern’s pages. I keep the copyright.';

/** What staff check every photo of a shoot against before it reaches the customer and the MLS. */
export const PHOTO_SHOOT_RULES = [
  { key: 'noPeople', text: 'No people in any photo (and no pets or readable car plates).' },
  {
    key: 'noBranding',
    text: 'No branding, yard signs or logos of another brokerage, and no watermarks, phone numbers or web addresses.',
  },
  {
    key: 'stagingDisclosed',
    text: 'Any virtually staged photo says so in its caption.',
  },
] as const;
export type TPhotoShootRuleKey = (typeof PHOTO_SHOOT_RULES)[number]['key'];

export const PHOTO_SHOOT_TEXTS = {
  tooMany: `A shoot can have at most ${PHOTO_SHOOT_MAX_PHOTOS} photos. Delete some before adding more.`,
  licenceNeeded: 'Agree to the licence before uploading the photos.',
  notNow: 'Photos can be delivered once you are on the way to the visit or it is done.',
  locked: 'This shoot is with Lantern for review or already delivered: it cannot be changed now.',
  empty: 'Upload at least one photo before sending the shoot for review.',
  processing: 'Wait until every photo has been processed (or delete the refused ones).',
  notSubmitted: 'This shoot is not waiting for review.',
  rulesUnchecked: 'Check every photo against each rule before approving.',
  reasonNeeded: 'Say what the photographer should change.',
  none: 'No photos have been delivered for this property yet.',
  notApproved: 'The photographs are being checked and will appear here once approved.',
  noListing: 'This property has no listing these photos can be added to yet.',
  listingLocked:
    'Your listing cannot be changed while it is with the MLS or being reviewed. Ask for photo changes from the listing page instead.',
  listingFull: (room: number) =>
    room === 0
      ? 'Your listing already has 50 photos. Delete some before adding more.'
      : `Your listing has room for ${room} more photo${room === 1 ? '' : 's'}: choose fewer.`,
  added: (n: number) => `${n} photo${n === 1 ? '' : 's'} added to your listing.`,
  approvedMail: 'Your photographs are ready',
} as const;

const ZRuleKeySchema = z.enum(PHOTO_SHOOT_RULES.map((r) => r.key) as [TPhotoShootRuleKey]);

/** A shoot as each side sees it: its status, the licence and the review. */
export const ZPhotoShootSchema = z.object({
  workOrder: z.string(),
  status: z.enum(PHOTO_SHOOT_STATUS_KEYS),
  licenceAgreedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  returnReason: z.string().nullable(),
  photos: z.array(ZListingPhotoSchema),
});
export type TPhotoShoot = z.infer<typeof ZPhotoShootSchema>;

export const ZPhotoShootResponseSchema = z.object({ shoot: ZPhotoShootSchema });
export const ZPhotoShootUploadResponseSchema = z.object({
  files: z.array(ZPhotoUploadResultSchema),
  shoot: ZPhotoShootSchema,
});

/** POST …/shoot/licence: the photographer agrees (once). */
export const ZPhotoShootLicenceRequestSchema = z.object({ agree: z.literal(true) });

/** POST /api/admin/work-orders/:hash/shoot/review */
export const ZPhotoShootReviewRequestSchema = z.discriminatedUnion('decision', [
  z.object({
    decision: z.literal('approve'),
    /** Every rule, checked: the screen lists them and staff tick each. */
    rules: z.array(ZRuleKeySchema).max(PHOTO_SHOOT_RULES.length),
  }),
  z.object({
    decision: z.literal('return'),
    reason: multilineText().trim().min(1, PHOTO_SHOOT_TEXTS.reasonNeeded).max(2000),
  }),
]);
export type TPhotoShootReviewRequest = z.infer<typeof ZPhotoShootReviewRequestSchema>;

export const ZPhotoShootPhotoParamsSchema = z.object({
  hash: singleLineText().min(1).max(64),
  photo: ZPhotoHashSchema,
});
export const ZPhotoShootFileParamsSchema = z.object({
  photo: ZPhotoHashSchema,
  size: z.enum(['thumb', 'web', 'original']),
});

/** GET /api/dashboard/photography?property= : the delivered shoots of the property. */
export const ZPhotographyGallerySchema = z.object({
  shoots: z.array(
    z.object({
      workOrder: z.string(),
      deliveredAt: z.string(),
      photos: z.array(ZListingPhotoSchema),
    }),
  ),
  /** Where "Use in my listing" puts photos: the listing, its kind and the room left in it. */
  target: z
    .object({
      kind: z.enum(['mls', 'fsbo']),
      editable: z.boolean(),
      room: z.number().int(),
    })
    .nullable(),
  /** A shoot the photographer has delivered that staff are still checking. */
  inReview: z.boolean(),
});
export type TPhotographyGallery = z.infer<typeof ZPhotographyGallerySchema>;

/** POST /api/dashboard/photography/use : the chosen photos, in the order they should follow. */
export const ZUsePhotosRequestSchema = z.object({
  property: ZPropertyHashSchema,
  photos: z.array(ZPhotoHashSchema).min(1).max(PHOTO_SHOOT_MAX_PHOTOS),
});
export type TUsePhotosRequest = z.infer<typeof ZUsePhotosRequestSchema>;
export const ZUsePhotosResponseSchema = z.object({
  added: z.number().int(),
  message: z.string(),
});

export const PHOTO_SHOOT_API = {
  vendor: (wo: string) => `/api/vendor/work-orders/${encodeURIComponent(wo)}/shoot`,
  vendorLicence: (wo: string) => `/api/vendor/work-orders/${encodeURIComponent(wo)}/shoot/licence`,
  vendorPhotos: (wo: string) => `/api/vendor/work-orders/${encodeURIComponent(wo)}/shoot/photos`,
  vendorPhoto: (wo: string, photo: string) =>
    `/api/vendor/work-orders/${encodeURIComponent(wo)}/shoot/photos/${encodeURIComponent(photo)}`,
  vendorSubmit: (wo: string) => `/api/vendor/work-orders/${encodeURIComponent(wo)}/shoot/submit`,
  admin: (wo: string) => `/api/admin/work-orders/${encodeURIComponent(wo)}/shoot`,
  adminReview: (wo: string) => `/api/admin/work-orders/${encodeURIComponent(wo)}/shoot/review`,
  gallery: '/api/dashboard/photography',
  use: '/api/dashboard/photography/use',
  zip: (property: string) =>
    `/api/dashboard/photography/zip?property=${encodeURIComponent(property)}`,
  /** A size of a shoot photo: staff, the photographer, and (once approved) the property's people. */
  file: (photo: string, size: 'thumb' | 'web' | 'original') =>
    `/api/dashboard/photography/photos/${encodeURIComponent(photo)}/${size}`,
} as const;
