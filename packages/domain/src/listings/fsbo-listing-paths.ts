import type { TFsboListingStep } from './fsbo-listing-steps.ts';
import type { TPhotoSizeName } from './mls-listing-paths.ts';

/**
 * The FSBO listing's endpoints (issue 19). Every one takes `?property={hash}` (GET, DELETE) or
 * `property` in the body, like the rest of /api/dashboard; another user's property is a 404. The
 * photo paths have the same shape as the MLS listing's (one shared uploader).
 */
export const FSBO_LISTING_API = {
  /** GET: the listing (made, empty, on the first read). */
  listing: '/api/dashboard/fsbo-listing',
  basics: '/api/dashboard/fsbo-listing/basics',
  contact: '/api/dashboard/fsbo-listing/contact',
  describe: '/api/dashboard/fsbo-listing/describe',
  photos: '/api/dashboard/fsbo-listing/photos',
  photosOrder: '/api/dashboard/fsbo-listing/photos/order',
  photo: (hash: string) => `/api/dashboard/fsbo-listing/photos/${encodeURIComponent(hash)}`,
  photoCaption: (hash: string) =>
    `/api/dashboard/fsbo-listing/photos/${encodeURIComponent(hash)}/caption`,
  /** GET the image itself: `size` is one of PHOTO_SIZES' names. */
  photoFile: (hash: string, size: TPhotoSizeName) =>
    `/api/dashboard/fsbo-listing/photos/${encodeURIComponent(hash)}/${size}`,
  /** GET: the listing page as it will look (HTML), for the review step's frame. */
  preview: '/api/dashboard/fsbo-listing/preview',
  /** POST: publish a draft, or publish again after unpublishing. */
  publish: '/api/dashboard/fsbo-listing/publish',
  /** POST: take it off the public pages. */
  unpublish: '/api/dashboard/fsbo-listing/unpublish',
  /** PUT: active, pending, or sold with the sale price and date. */
  marketStatus: '/api/dashboard/fsbo-listing/market-status',
  /** PUT: where the listing may appear beyond our site (issue 49). */
  syndication: '/api/dashboard/fsbo-listing/syndication',
} as const;

/** The paths the shared photo uploader and list call (MLS_LISTING_API and FSBO_LISTING_API). */
export interface PhotoApiPaths {
  photos: string;
  photosOrder: string;
  photo: (hash: string) => string;
  photoCaption: (hash: string) => string;
  photoFile: (hash: string, size: TPhotoSizeName) => string;
}

/** The dashboard pages: /dashboard/fsbo-listing/{step}?property={hash}. */
export const fsboListingStepPath = (step: TFsboListingStep) => `/dashboard/fsbo-listing/${step}`;
