/**
 * The MLS listing's steps and photo states (issue 16; docs/decisions/031-mls-listing-builder.md).
 * No imports: the database schema reads these for its enums.
 */

/** The customer's five steps, in order (spec 2: location, form, services, photos, payment). */
export const MLS_LISTING_STEPS = ['location', 'form', 'services', 'photos', 'payment'] as const;
export type TMlsListingStep = (typeof MLS_LISTING_STEPS)[number];

/** processing: stored, web sizes being made. ready: shown. refused: kept only to say why. */
export const PHOTO_STATUSES = ['processing', 'ready', 'refused'] as const;
export type TPhotoStatus = (typeof PHOTO_STATUSES)[number];
