import { brotliDecompressSync } from 'node:zlib';
import { LISTINGS_COUNT_CAP, LISTINGS_PAGE_SIZE } from '@lantern/contracts';
import { listings } from '@lantern/db';
import { FSBO_LISTING_API } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';

/**
 * Issue 46: a public list page is kept per query until a listing changes, and counts its matches up to LISTINGS_COUNT_CAP and then says so, and keeps
 * a filter's count until a listing changes (features/public-listings/listings-pages.ts), instead
 * of counting every match of the table on every page.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
});
afterAll(async () => t.close());

interface ListingsAnswer {
  total: number;
  totalCapped: boolean;
  listings: unknown[];
}
const list = async (query: string): Promise<ListingsAnswer> => {
  const res = await t.app.inject({ method: 'GET', url: `/api/listings?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const page = (query: string) =>
  t.app.inject({
    method: 'GET',
    url: `/current-listings?${query}`,
    headers: { accept: 'text/html' },
  });

/** `n` published homes, written straight to the table (behind the cache's back). */
async function insertBehind(n: number, from: number, city = 'Dallas', street = 'Count St') {
  await t.app.db.execute(sql`
    insert into ${listings} (hash, slug, status, street_address, city, state, zip_code, price,
      listed_at, published_at)
    select 'Cnt' || g, 'cnt-' || g, 'active', g || ' ' || ${street}::text, ${city}::text, 'TX', '75201',
      100000 + g, now() - g * interval '1 minute', now()
    from generate_series(${from}::int, ${from + n - 1}::int) g`);
}

/**
 * Every bus message sent so far has arrived here: PostgreSQL delivers them in order, so once a
 * marker sent now is heard, a late `listings.changed` from an earlier publish cannot follow.
 */
async function busSettled() {
  let heard = false;
  const stop = t.app.bus.subscribe('user.changed', ({ userId }) => {
    if (userId === -46) heard = true;
  });
  await t.app.bus.publish('user.changed', { userId: -46 });
  await expect.poll(() => heard).toBe(true);
  stop();
}

describe('the count of a public list', () => {
  it('stops at the cap and says there are more', async () => {
    await insertBehind(LISTINGS_COUNT_CAP + 5, 1);
    await t.app.bus.publish('listings.changed', {});
    await expect.poll(async () => (await list('view=current&place=Dallas')).totalCapped).toBe(true);
    const first = await list('view=current&place=Dallas');
    expect(first.total).toBe(LISTINGS_COUNT_CAP);
    expect(first.listings).toHaveLength(LISTINGS_PAGE_SIZE);

    const html = (await page('place=Dallas')).body;
    expect(html).toContain('1,000+ homes, showing 1–12');
    expect(html).toContain('Page 1</span>');
    expect(html).toContain('href="/current-listings?place=Dallas&#38;page=2"');

    // The last page is short: its rows give the exact count, past the cap.
    const lastPage = Math.ceil((LISTINGS_COUNT_CAP + 5) / LISTINGS_PAGE_SIZE);
    const last = await list(`view=current&place=Dallas&page=${lastPage}`);
    expect(last).toMatchObject({ total: LISTINGS_COUNT_CAP + 5, totalCapped: false });
  });

  // No owner publishes anything before these two: a publish may be followed by later changes of
  // its own (the property placed, the listing synced again), which would drop what is kept.
  it('is exact under the cap, and kept until a listing changes', async () => {
    await busSettled();
    const before = await list('view=current&place=Dallas&maxPrice=100030');
    expect(before).toMatchObject({ total: 30, totalCapped: false });
    await insertBehind(3, 90_001);
    await t.app.db.execute(sql`update ${listings} set price = 100000 where hash like 'Cnt9000%'`);
    // Written behind its back: the kept count stands (a full first page asks for no count).
    expect((await list('view=current&place=Dallas&maxPrice=100030')).total).toBe(30);
    // The bus's word that listings changed (another instance's publish) makes it again.
    await t.app.bus.publish('listings.changed', {});
    await expect
      .poll(async () => (await list('view=current&place=Dallas&maxPrice=100030')).total)
      .toBe(33);
  });

  it('keeps a list page per query until a listing changes', async () => {
    await insertBehind(14, 80_001, 'Houston');
    await t.app.bus.publish('listings.changed', {});
    await busSettled();
    const query = 'place=Houston&sort=price-desc';
    expect((await page(query)).body).toContain('Count St');
    await insertBehind(1, 80_201, 'Houston', 'Kept St');
    // Kept: the row written behind its back is not on the page with this query.
    expect((await page(query)).body).not.toContain('Kept St');
    // Another query is a page of its own, made now.
    expect((await page(`${query}&beds=`)).body).toContain('Kept St');
    await t.app.bus.publish('listings.changed', {});
    await expect.poll(async () => (await page(query)).body).toContain('Kept St');
  });

  it("keeps GET /api/listings' answer per query, in each encoding, until a listing changes", async () => {
    await insertBehind(6, 60_001, 'Plano');
    await t.app.bus.publish('listings.changed', {});
    await busSettled();
    const url = '/api/listings?view=current&place=Plano&sort=price-asc';
    const count = async () =>
      ((await t.app.inject({ method: 'GET', url })).json() as { listings: { title: string }[] })
        .listings.length;
    expect(await count()).toBe(6);
    await insertBehind(1, 60_101, 'Plano', 'Kept Ave');
    // Kept: the row written behind its back is not in this query's answer…
    expect(await count()).toBe(6);
    // …and the compressed answer is the same JSON, with Vary for caches.
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding'], `${br.rawPayload.length} bytes`).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    const plain = (await t.app.inject({ method: 'GET', url })).json();
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain);
    await t.app.bus.publish('listings.changed', {});
    await expect.poll(count).toBe(7);
  });

  it('follows an owner publishing and taking down a listing', async () => {
    // Fifteen homes at the test listing's price and place: a full first page, so a kept count.
    await insertBehind(15, 70_001, 'Springfield');
    await t.app.db.execute(sql`update ${listings} set price = 289000 where hash like 'Cnt700%'`);
    await t.app.bus.publish('listings.changed', {});
    const springfield = async () =>
      (await list('view=current&place=Springfield&minPrice=289000&maxPrice=289000')).total;
    await expect.poll(springfield).toBe(15);

    const seller = await signUpUser(t.app, 'count-seller');
    const { property } = await publishedFsboListing(t.app, seller, '77 Count Ave');
    await expect.poll(springfield).toBe(16);
    const res = await t.app.inject({
      method: 'POST',
      url: FSBO_LISTING_API.unpublish,
      headers: { ...BROWSER, cookie: seller.cookie },
      payload: { property: property.hash },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(springfield).toBe(15);
  });
});
