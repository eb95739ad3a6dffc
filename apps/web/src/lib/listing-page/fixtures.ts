import type { TListingPageSite, TPublicListingDetail } from '@lantern/contracts';

/** The site of the listing page tests. */
export const SITE: TListingPageSite = {
  siteName: 'Lantern',
  publicUrl: 'https://lantern.example',
  brokerageLicenses: ['CA DRE #01234567', 'TX 9001234'],
  tiles: { url: null, attribution: '© OpenStreetMap contributors' },
};

/** An active MLS listing in Austin with two photos, a position and a price change. */
export function detail(over: Partial<TPublicListingDetail> = {}): TPublicListingDetail {
  return {
    id: 'Ab3xY',
    slug: '12-elm-st-austin-tx-78701-Ab3xY',
    kind: 'mls',
    status: 'active',
    address: '12 Elm St',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    price: 450000,
    propertyType: 'single-family',
    bedrooms: 3,
    bathrooms: 2.5,
    squareFeet: 1850,
    yearBuilt: 1998,
    lat: 30.27,
    lng: -97.74,
    remarks: 'Bright corner lot.\n\nNew roof in 2022.',
    features: ['Fireplace', 'Two-car garage'],
    photos: [
      { url: '/p/1/web', thumbUrl: '/p/1/thumb', width: 1600, height: 1067, caption: 'Front' },
      { url: '/p/2/web', thumbUrl: '/p/2/thumb', width: null, height: null, caption: '' },
    ],
    contact: null,
    priceHistory: [
      { kind: 'listed', price: 460000, at: '2026-03-01T12:00:00.000Z' },
      { kind: 'price_changed', price: 450000, at: '2026-04-01T12:00:00.000Z' },
    ],
    listedAt: '2026-03-01T12:00:00.000Z',
    closedAt: null,
    ...over,
  };
}
