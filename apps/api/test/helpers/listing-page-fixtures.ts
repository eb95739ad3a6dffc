import type { TPublicListingDetail } from '@lantern/contracts';
import type { ListingPageSite } from '../../src/features/public-listings/page-html.ts';

/** The parts of the public site's listing template the page renderer fills in. */
export const LISTING_TEMPLATE =
  '<html><head><!--listing-head:start--><!--listing-head:end--></head><body><main><!--listing-main:start--><!--listing-main:end--></main></body></html>';

export const LISTING_SITE: ListingPageSite = {
  siteName: 'Lantern',
  publicUrl: 'https://lantern.example',
  brokerageLicenses: [],
  tiles: { url: null, attribution: '' },
};

/** An active FSBO listing in Austin with no photos, map position or contact; `over` changes it. */
export const listingDetail = (over: Partial<TPublicListingDetail> = {}): TPublicListingDetail => ({
  id: 'Ab3xY',
  slug: '12-elm-st-austin-tx-78701-Ab3xY',
  kind: 'fsbo',
  status: 'active',
  address: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  price: 450000,
  propertyType: 'single-family',
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1850,
  yearBuilt: null,
  lat: null,
  lng: null,
  remarks: null,
  features: [],
  photos: [],
  contact: null,
  priceHistory: [],
  listedAt: '2026-03-01T12:00:00.000Z',
  closedAt: null,
  ...over,
});
