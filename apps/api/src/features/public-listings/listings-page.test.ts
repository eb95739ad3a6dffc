import type { TPublicListing } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { listingsQueryString, listingsRegionHtml } from './listings-page.ts';
import type { ListingPageSite } from './page-html.ts';

const SITE: ListingPageSite = {
  siteName: 'Lantern',
  publicUrl: 'https://lantern.example',
  brokerageLicenses: [],
  tiles: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: '© Tiles' },
};

const home = (over: Partial<TPublicListing> = {}): TPublicListing => ({
  id: 'A1',
  status: 'active',
  address: '1 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  price: 300_000,
  bedrooms: 3,
  bathrooms: 2,
  squareFeet: null,
  photoUrl: null,
  url: '/listings/1-elm-st-A1',
  propertyType: 'condo',
  lat: 30.2,
  lng: -97.7,
  listedAt: '2026-03-01T12:00:00.000Z',
  closedAt: null,
  ...over,
});

describe('the list pages’ region', () => {
  it('keeps the filters in paging links, leaving out blanks and page 1', () => {
    expect(listingsQueryString({ place: ' Austin ', minPrice: '', type: 'condo' }, 1)).toBe(
      '?place=Austin&type=condo',
    );
    expect(listingsQueryString({}, 3)).toBe('?page=3');
    expect(listingsQueryString({}, 1)).toBe('');
  });

  it('maps only the homes that have a position, with their tiles', () => {
    const html = listingsRegionHtml(
      {
        view: 'current',
        form: {},
        sort: 'newest',
        results: {
          listings: [home(), home({ id: 'B2', address: '2 Oak St', lat: null, lng: null })],
          total: 2,
          page: 1,
          pageSize: 12,
        },
      },
      SITE,
    );
    const points = JSON.parse(/data-map-points>([^<]*)</.exec(html)?.[1] ?? '[]');
    expect(points).toEqual([
      expect.objectContaining({ title: '1 Elm St', url: '/listings/1-elm-st-A1' }),
    ]);
    expect(html).toContain('data-tile-url="https://tiles.example/{z}/{x}/{y}.png"');
    expect(html).toContain('2 homes');
    expect(html).toContain('href="#listings-map"');
  });

  it('says which view is empty, and shows the reasons for refused filters', () => {
    const empty = listingsRegionHtml(
      {
        view: 'sold',
        form: {},
        sort: 'sold',
        results: { listings: [], total: 0, page: 1, pageSize: 12 },
      },
      SITE,
    );
    expect(empty).toContain('No past sales are published yet');
    const refused = listingsRegionHtml(
      { view: 'current', form: { beds: 'x' }, sort: 'newest', results: null, errors: ['Bad <b>'] },
      SITE,
    );
    expect(refused).toContain('<li>Bad &#60;b&#62;</li>');
    expect(refused).toContain('role="alert"');
  });
});
