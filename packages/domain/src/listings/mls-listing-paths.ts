import type { TMlsListingStep } from './mls-listing-steps.ts';

/**
 * The MLS listing's endpoints (issue 16). Every one takes `?property={hash}` (GET) or
 * `property` in the body, like the rest of /api/dashboard; another user's property is a 404.
 */
export const MLS_LISTING_API = {
  /** GET: the listing (created from the property's MLS listing order on first read). */
  listing: '/api/dashboard/mls-listing',
  location: '/api/dashboard/mls-listing/location',
  form: '/api/dashboard/mls-listing/form',
  services: '/api/dashboard/mls-listing/services',
  photos: '/api/dashboard/mls-listing/photos',
  photosOrder: '/api/dashboard/mls-listing/photos/order',
  photo: (hash: string) => `/api/dashboard/mls-listing/photos/${encodeURIComponent(hash)}`,
  photoCaption: (hash: string) =>
    `/api/dashboard/mls-listing/photos/${encodeURIComponent(hash)}/caption`,
  /** GET the image itself: `size` is one of PHOTO_SIZES' names. */
  photoFile: (hash: string, size: TPhotoSizeName) =>
    `/api/dashboard/mls-listing/photos/${encodeURIComponent(hash)}/${size}`,
  payment: '/api/dashboard/mls-listing/payment',
} as const;

/** The dashboard pages: /dashboard/mls-listing/{step}?property={hash}. */
export const mlsListingStepPath = (step: TMlsListingStep) => `/dashboard/mls-listing/${step}`;

/** Web sizes the photo job makes (longest edge, pixels); the original is kept as uploaded. */
export const PHOTO_SIZES = { thumb: 320, web: 1600 } as const;
export type TPhotoSizeName = keyof typeof PHOTO_SIZES;

export const PHOTO_LIMITS = {
  /** At most this many photos per listing, and per upload. */
  maxPhotos: 50,
  maxBytes: 15 * 1024 * 1024,
  minWidth: 1024,
  minHeight: 768,
  maxCaption: 200,
} as const;

/** What the uploader accepts, checked again on the server by the file's first bytes. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/heic'] as const;
export type TPhotoType = (typeof PHOTO_TYPES)[number];

export const PHOTO_TEXTS = {
  tooSmall: 'Too small for the MLS — use a photo at least 1024 × 768 pixels',
  /** The same minimum for an FSBO listing's page, in words that do not name the MLS. */
  tooSmallForPage:
    'Too small to show well on your listing page — use a photo at least 1024 × 768 pixels',
  tooLarge: 'This file is larger than 15 MB. Export it at a smaller size and upload it again.',
  wrongType: 'This file is not a JPEG, PNG or HEIC photo.',
  raw: 'This is a camera RAW file (such as .CR2, .NEF, .ARW or .DNG). Export it as a JPEG and upload that.',
  tooMany: 'A listing can have at most 50 photos. Delete some before adding more.',
  unreadable: 'We could not read this photo. Export it again as a JPEG and upload it.',
  /** Beside the uploader: the MLS content rules (our words). */
  rules: [
    'No people, pets or cars with readable plates in the photos.',
    'No yard signs, agent or company logos, or watermarks.',
    'No phone numbers, email addresses or web addresses anywhere in a photo.',
    'The first photo is the primary one: make it the front of the home from outside.',
  ],
} as const;

/** Staff review of MLS listings and of changes to live ones (issue 18). */
export const ADMIN_LISTINGS_PAGES = {
  listings: '/admin/mls-listings',
  listing: (hash: string) => `/admin/mls-listings/${encodeURIComponent(hash)}`,
  changes: '/admin/listing-changes',
} as const;
