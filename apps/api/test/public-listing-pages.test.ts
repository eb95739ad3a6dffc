import { LISTINGS_API, type TPublicListing } from '@lantern/contracts';
import { listings, type NewListing } from '@lantern/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

const HOSTILE = '<script>alert(1)</script>"\'&';
let seq = 0;
function row(over: Partial<NewListing>): NewListing {
  seq += 1;
  const hash = over.hash ?? `Hash${seq}x`;
  return {
    hash,
    slug: `${seq}-test-st-${hash}`,
    status: 'active',
    streetAddress: `${seq} Test St`,
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    price: 300_000,
    bedrooms: 3,
    bathrooms: 2,
    propertyType: 'single-family',
    lat: 30.27,
    lng: -97.74,
    listedAt: new Date(Date.UTC(2026, 0, seq)),
    publishedAt: new Date(),
    ...over,
  };
}

let t: TestApp;
const json = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `${LISTINGS_API.listings}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { listings: TPublicListing[]; total: number; page: number };
};
const addresses = async (query: string) => (await json(query)).listings.map((l) => l.address);
const html = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.db.insert(listings).values([
    row({
      streetAddress: '1 Cheap Condo',
      price: 150_000,
      bedrooms: 1,
      bathrooms: 1,
      propertyType: 'condo',
      zipCode: '78702',
    }),
    row({ streetAddress: '2 Mid House', price: 400_000, bedrooms: 3, bathrooms: 2.5 }),
    row({ streetAddress: '3 Big House', price: 900_000, bedrooms: 5, bathrooms: 4 }),
    row({
      streetAddress: '4 Dallas Town',
      city: 'Dallas',
      zipCode: '75201',
      price: 350_000,
      propertyType: 'townhouse',
    }),
    row({
      streetAddress: '5 Portland Home',
      city: 'Austin',
      state: 'MN',
      zipCode: '55912',
      price: 250_000,
    }),
    row({ streetAddress: '6 Unpublished', publishedAt: null }),
    row({
      streetAddress: '7 Sold Home',
      status: 'sold',
      price: 500_000,
      closedAt: new Date(Date.UTC(2026, 2, 1)),
    }),
    row({
      streetAddress: '8 Sold Earlier',
      status: 'sold',
      price: 200_000,
      closedAt: new Date(Date.UTC(2025, 5, 1)),
    }),
    row({ streetAddress: '9 Withdrawn', status: 'withdrawn' }),
    row({
      streetAddress: '10 Pending Condo',
      status: 'pending',
      price: 175_000,
      propertyType: 'condo',
      zipCode: '78702',
    }),
  ]);
  // A ZIP of its own with enough homes for three pages.
  await t.app.db.insert(listings).values(
    Array.from({ length: 27 }, (_, i) =>
      row({
        streetAddress: `${100 + i} Paging Ave`,
        zipCode: '10001',
        city: 'New York',
        state: 'NY',
        price: 100_000 + i,
      }),
    ),
  );
});
afterAll(() => t.close());

describe('GET /api/listings filters, sort and paging', () => {
  it('filters by each filter alone', async () => {
    expect(await addresses('place=78702')).toEqual(['10 Pending Condo', '1 Cheap Condo']);
    expect((await addresses('place=dallas')).sort()).toEqual(['4 Dallas Town']);
    expect(await addresses('place=Austin,%20MN')).toEqual(['5 Portland Home']);
    expect((await json('place=Austin')).total).toBe(5);
    expect((await addresses('place=78701&minPrice=400000')).sort()).toEqual([
      '2 Mid House',
      '3 Big House',
    ]);
    expect((await addresses('place=78701&maxPrice=400000')).sort()).toEqual(['2 Mid House']);
    expect(await addresses('place=Austin&beds=5')).toEqual(['3 Big House']);
    expect(await addresses('place=Austin&baths=3')).toEqual(['3 Big House']);
    expect(await addresses('type=townhouse')).toEqual(['4 Dallas Town']);
  });

  it('combines filters, and reads empty fields as no filter', async () => {
    expect(await addresses('place=78702&type=condo&maxPrice=160000')).toEqual(['1 Cheap Condo']);
    expect(
      await addresses('place=Austin&minPrice=200000&maxPrice=500000&beds=3&type=single-family'),
    ).toEqual(['5 Portland Home', '2 Mid House']);
    expect((await json('place=&minPrice=&maxPrice=&beds=&baths=&type=&sort=')).total).toBe(33);
  });

  it('sorts by price both ways, newest first by default, and sold views by sale date', async () => {
    expect(await addresses('place=Austin&sort=price-asc')).toEqual(
      ['1 Cheap Condo', '10 Pending Condo', '5 Portland Home', '2 Mid House', '3 Big House'].filter(
        (a) => a !== '10 Pending Condo' || true,
      ),
    );
    expect((await addresses('place=Austin&sort=price-desc'))[0]).toBe('3 Big House');
    expect((await addresses('place=Austin'))[0]).toBe('10 Pending Condo');
    expect(await addresses('view=sold')).toEqual(['7 Sold Home', '8 Sold Earlier']);
    expect(await addresses('view=sold&sort=price-asc')).toEqual(['8 Sold Earlier', '7 Sold Home']);
    expect(await addresses('view=past&place=Austin')).toEqual([
      '7 Sold Home',
      '8 Sold Earlier',
      '9 Withdrawn',
    ]);
  });

  it('pages 12 at a time, without overlap', async () => {
    const pages = await Promise.all([1, 2, 3].map((p) => json(`place=10001&page=${p}`)));
    expect(pages.map((p) => p.listings.length)).toEqual([12, 12, 3]);
    expect(pages.every((p) => p.total === 27)).toBe(true);
    expect(new Set(pages.flatMap((p) => p.listings.map((l) => l.id))).size).toBe(27);
    expect((await json('place=10001&page=4')).listings).toEqual([]);
  });

  it('refuses bad filters in words', async () => {
    for (const [query, words] of [
      ['minPrice=500000&maxPrice=100000', 'The lowest price is above the highest price.'],
      ['type=castle', 'Choose a property type from the list.'],
      ['sort=random', 'Choose how to sort from the list.'],
      ['beds=two', 'Choose the fewest bedrooms as a whole number.'],
      ['minPrice=-5', 'Enter the lowest price in whole dollars.'],
      ['page=0', 'The page is a whole number from 1.'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `${LISTINGS_API.listings}?${query}` });
      expect(res.statusCode, query).toBe(422);
      expect(JSON.stringify(res.json().errors), query).toContain(words);
    }
  });

  it('gives each listing its page and map position', async () => {
    const [first] = (await json('place=75201')).listings;
    expect(first).toMatchObject({
      url: expect.stringMatching(/^\/listings\/\d+-test-st-Hash\d+x$/),
      propertyType: 'townhouse',
      lat: 30.27,
      lng: -97.74,
    });
  });
});

describe('GET /sitemap-listings.xml', () => {
  it('lists published listings, and only those, in the listings sitemap', async () => {
    await t.app.db
      .insert(listings)
      .values([
        row({ hash: 'PageOne1', slug: '1-elm-st-austin-tx-78701-PageOne1' }),
        row({ hash: 'Hostile1', slug: 'hostile-Hostile1', streetAddress: HOSTILE }),
        row({ hash: 'Unlisted9', slug: 'y-Unlisted9', publishedAt: null }),
      ]);
    const res = await html('/sitemap-listings.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.body).toContain(
      `<loc>${t.app.config.publicUrl.origin}/listings/1-elm-st-austin-tx-78701-PageOne1</loc>`,
    );
    expect(res.body).not.toContain('Unlisted9');
    // Hostile words in an address are escaped in the XML too.
    expect(res.body).not.toMatch(/<script>/);
  });
});
