import { listings, type NewListing } from '@lantern/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testConfig } from './helpers/build-test-app.ts';

/**
 * /current-listings, /past-sales and /past-listings, rendered on demand by the public site's real
 * build (apps/web/dist; `cd apps/web && pnpm build` after changing the site) from the database.
 */

const HOSTILE = '<script>alert(1)</script>"\'&';
let seq = 0;
function row(over: Partial<NewListing>): NewListing {
  seq += 1;
  const hash = over.hash ?? `List${seq}x`;
  return {
    hash,
    slug: `${seq}-list-st-${hash}`,
    status: 'active',
    streetAddress: `${seq} List St`,
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
const html = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
/** The page with every quoted attribute value emptied: what is left is markup and text. */
const withoutAttributes = (body: string) => body.replace(/="[^"]*"/g, '=""');
const mapPoints = (body: string) =>
  JSON.parse(
    /<script type="application\/json" data-map-points>([\s\S]*?)<\/script>/.exec(body)?.[1] ?? '[]',
  ) as Array<Record<string, unknown>>;

beforeAll(async () => {
  t = await buildTestApp({
    geocoding: {
      ...testConfig().geocoding,
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      tileAttribution: '© Tiles & Co',
    },
  });
  await t.app.db.insert(listings).values([
    row({
      streetAddress: '1 Cheap Condo',
      price: 150_000,
      bedrooms: 1,
      bathrooms: 1,
      propertyType: 'condo',
      zipCode: '78702',
    }),
    row({
      streetAddress: '2 Unmapped Condo',
      price: 160_000,
      propertyType: 'condo',
      zipCode: '78702',
      lat: null,
      lng: null,
    }),
    row({ streetAddress: HOSTILE, zipCode: '78703' }),
    row({ streetAddress: '4 Unpublished', publishedAt: null, zipCode: '78702' }),
    row({
      streetAddress: '5 Sold Home',
      status: 'sold',
      price: 500_000,
      closedAt: new Date(Date.UTC(2026, 2, 1)),
    }),
    row({ streetAddress: '6 Withdrawn', status: 'withdrawn' }),
    row({ streetAddress: '7 Prairie Home', zipCode: '78709', lat: 40.1, lng: -100.2 }),
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

describe('the list pages, rendered on demand', () => {
  it('shows the filtered cards, keeps the values in the form, and maps the results', async () => {
    const res = await html('/current-listings?place=78702&type=condo&minPrice=100000');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.body;
    expect(body).toContain('2 homes');
    expect(body).not.toContain('4 Unpublished');
    expect(body).toMatch(/<a href="\/listings\/1-list-st-List1x">1 Cheap Condo<\/a>/);
    expect(body).toContain('value="78702"');
    expect(body).toContain('<option value="condo" selected>');
    expect(body).toContain('value="100000"');
    // Only the homes with a position are on the map, with the server's tiles.
    const points = mapPoints(body);
    expect(points).toEqual([
      expect.objectContaining({
        lat: 30.27,
        lng: -97.74,
        title: '1 Cheap Condo',
        url: '/listings/1-list-st-List1x',
      }),
    ]);
    expect(body).toContain('data-tile-url="https://tiles.example/{z}/{x}/{y}.png"');
    expect(body).toContain('data-tile-attribution="© Tiles &#38; Co"');
    expect(body).toContain('href="#listings-map"');
    expect(body).toContain('<link rel="canonical" href="http://localhost:3000/current-listings">');
  });

  it('escapes hostile values in the cards and the map data', async () => {
    const body = (await html('/current-listings?place=78703')).body;
    expect(body).not.toContain('<script>alert(1)');
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    const [point] = mapPoints(body);
    expect(point?.title).toBe(HOSTILE);
  });

  it('links the pages with the filters kept', async () => {
    const first = await html('/current-listings?place=10001');
    expect(first.body).toContain('27 homes, showing 1–12');
    expect(first.body).toContain('Page 1 of 3');
    expect(first.body).toContain('href="/current-listings?place=10001&#38;page=2"');
    expect(first.body).not.toContain('Previous page');
    const last = await html('/current-listings?place=10001&page=3');
    expect(last.body).toContain('href="/current-listings?place=10001&#38;page=2"');
    expect(last.body).not.toContain('Next page');
  });

  it('offers "most recently sold" on the sold views only', async () => {
    expect((await html('/past-sales')).body).toContain('<option value="sold" selected>');
    expect((await html('/past-sales')).body).toContain('5 Sold Home');
    expect((await html('/current-listings')).body).not.toContain('Most recently sold');
    expect((await html('/past-listings')).body).toContain('6 Withdrawn');
  });

  it('keeps the view its own whatever the query says', async () => {
    const body = (await html('/current-listings?view=sold&place=78701')).body;
    expect(body).not.toContain('5 Sold Home');
  });

  it('has an empty state for no match and for a page past the last', async () => {
    const none = await html('/current-listings?place=99999');
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('No homes match these filters');
    const past = await html('/current-listings?place=10001&page=9');
    expect(past.body).toContain('There is no page 9');
    expect(past.body).toContain('href="/current-listings?place=10001"');
  });

  it('lists the homes inside a map area, keeping it in the form and offering to clear it', async () => {
    const res = await html('/current-listings?area=-101,39.5,-99.5,40.5');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('7 Prairie Home');
    expect(res.body).not.toContain('1 Cheap Condo');
    expect(res.body).toContain('1 home');
    expect(res.body).toContain('in the map area');
    expect(res.body).toContain('<input type="hidden" name="area" value="-101,39.5,-99.5,40.5"');
    expect(res.body).toContain('data-area="-101,39.5,-99.5,40.5"');
    expect(res.body).toContain('href="/current-listings">Clear the map area</a>');
    expect(mapPoints(res.body).map((p) => p.title)).toEqual(['7 Prairie Home']);
  });

  it('offers a wider search when a map area finds nothing, with the map still there', async () => {
    const res = await html('/current-listings?place=78702&area=-60,20,-59,21');
    expect(res.body).toContain('No homes match these filters');
    expect(res.body).toContain(
      'href="/current-listings?place=78702">Search beyond the map area</a>',
    );
    expect(res.body).toContain('Anywhere, not just 78702');
    // The map opens on the area searched, so the visitor can move it and search again.
    expect(res.body).toContain('data-area="-60,20,-59,21"');
    expect(res.body).toContain('Search this area');
  });

  it('refuses a map area that is not one, in words (422)', async () => {
    const res = await html('/current-listings?area=-97.6,30.2,-97.8,30.4');
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('The map area is empty');
  });

  it('answers bad filters with the page, the values and the reason (422)', async () => {
    const res = await html(
      `/current-listings?minPrice=9&maxPrice=1&place=${encodeURIComponent(HOSTILE)}`,
    );
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Please check the filters.');
    expect(res.body).toContain('<li>The lowest price is above the highest price.</li>');
    expect(res.body).toContain('role="alert"');
    // Inside a quoted attribute only `"` and `&` need escaping: the value stays one attribute.
    expect(res.body).toContain('value="<script>alert(1)</script>&#34;\'&#38;"');
    expect(withoutAttributes(res.body)).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('data-listing-card');
  });
});
