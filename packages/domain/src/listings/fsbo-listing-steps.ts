/**
 * The FSBO listing's steps, states and the enums its tables use (issue 19;
 * docs/decisions/033-fsbo-and-public-listing-pages.md). No imports: the database schema reads these
 * for its enums.
 */

/**
 * The steps, in order (spec 2 names basics, contact, describe, manage, media, review). The first
 * four are stored as done once saved; review is where the owner sees the public page and publishes,
 * and manage is where a published (or unpublished) listing stays.
 */
export const FSBO_LISTING_STEPS = [
  'basics',
  'contact',
  'describe',
  'media',
  'review',
  'manage',
] as const;
export type TFsboListingStep = (typeof FSBO_LISTING_STEPS)[number];

/** draft: never published. published: on the public pages. unpublished: taken down by its owner. */
export const FSBO_LISTING_STATUSES = ['draft', 'published', 'unpublished'] as const;
export type TFsboListingStatus = (typeof FSBO_LISTING_STATUSES)[number];

/**
 * What a public listing's price history records (the per-listing page). The rows are written by
 * the listings repository whenever a published row's price or status changes, for FSBO and MLS
 * listings alike.
 */
export const LISTING_PRICE_EVENTS = [
  'listed',
  'price_changed',
  'pending',
  'back_on_market',
  'sold',
  'withdrawn',
  'expired',
  'relisted',
] as const;
export type TListingPriceEvent = (typeof LISTING_PRICE_EVENTS)[number];
