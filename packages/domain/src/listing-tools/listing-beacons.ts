/**
 * The public listing page's beacons (issue 22, listing analytics): POST, no body, no cookie.
 * No imports, so the page's small script can take it without the rest of the contracts.
 */
export const LISTING_BEACON_API = {
  /** A view of the page. */
  views: (id: string) => `/api/listings/${encodeURIComponent(id)}/views`,
  /** The visitor went through the gallery (moved past the first photo). */
  galleryOpens: (id: string) => `/api/listings/${encodeURIComponent(id)}/gallery-opens`,
} as const;

/** The attribute of the listing page's article naming its public id (absent on previews). */
export const LISTING_BEACON_ATTRIBUTE = 'data-listing-beacon';

/** The event the gallery sends (bubbling, detail `{ index }`) each time it shows another photo. */
export const LISTING_GALLERY_SHOW_EVENT = 'listing-gallery:show';
