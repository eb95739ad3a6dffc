import type { Listing } from '@lantern/db';
import { describe, expect, it } from 'vitest';
import { storedPropertyType, toListingDetail, webSize } from './listing-detail.ts';

const row = (over: Partial<Listing>): Listing => ({
  id: 1,
  hash: 'H1',
  slug: '1-elm-st-H1',
  status: 'active',
  streetAddress: '1 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  price: 300_000,
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: 1_500,
  photoUrl: null,
  mlsListingId: null,
  fsboListingId: null,
  propertyType: 'condo',
  yearBuilt: 1990,
  lat: 30.2,
  lng: -97.7,
  remarks: null,
  features: [],
  contactName: 'Pat',
  contactEmail: 'pat@example.com',
  contactPhone: null,
  photoHash: null,
  listedAt: new Date('2026-03-01T12:00:00Z'),
  closedAt: null,
  publishedAt: new Date('2026-03-01T12:00:00Z'),
  syndication: null,
  syndicatedAt: null,
  createdAt: new Date('2026-03-01T12:00:00Z'),
  updatedAt: new Date('2026-03-01T12:00:00Z'),
  ...over,
});

describe('toListingDetail', () => {
  it('shows an FSBO seller’s chosen contact details, and never an MLS row’s', () => {
    const none = { priceEvents: [], photos: [] };
    const fsbo = toListingDetail(row({ fsboListingId: 7 }), none);
    expect(fsbo).toMatchObject({
      kind: 'fsbo',
      contact: { name: 'Pat', email: 'pat@example.com', phone: null },
    });
    const mls = toListingDetail(row({ mlsListingId: 8 }), none);
    expect(mls).toMatchObject({ kind: 'mls', contact: null });
  });

  it('serves photos on the public routes, sized as the web copy is made', () => {
    expect(webSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(webSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(webSize(null, 600)).toEqual({ width: null, height: null });
    expect(storedPropertyType('castle')).toBeNull();
  });
});
