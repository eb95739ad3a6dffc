import { listings, mlsBoards } from '@lantern/db';
import { MLS_BOARDS } from '@lantern/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/** The result links of a results page, as `href title`. */
const resultLinks = (html: string) =>
  [...html.matchAll(/<li><h2><a href="([^"]+)">([^<]+)<\/a><\/h2>/g)].map((m) => `${m[1]} ${m[2]}`);

// The real build of the public site (apps/web/dist): its search page and its search index.
describe('public site API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  describe('GET /search', () => {
    const search = (q: string) =>
      t.app.inject({ method: 'GET', url: `/search?search=${encodeURIComponent(q)}` });

    it('renders the results with highlighted matches and shows the query back', async () => {
      const res = await search('lockbox');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<a href="/lockbox-rental">Lockbox Rental for Home Showings</a>');
      expect(res.body).toMatch(/<mark>lockbox(es)?<\/mark>/i);
      expect(res.body).toMatch(/<input[^>]+name="search"[^>]+value="lockbox"/);
      expect(res.body).toContain('<title>lockbox – Search | Lantern</title>');
      expect(res.body).not.toContain('What are you looking for?');
    });

    it('ranks the service first and folds the city pages into one result', async () => {
      const res = await search('lockbox');
      const links = resultLinks(res.body);
      expect(links[0]).toBe('/lockbox-rental Lockbox Rental for Home Showings');
      const cities = links.filter((l) => /^\/flat-fee-mls Lockbox Rental in \d+ cities$/.test(l));
      expect(cities).toHaveLength(1);
      expect(links.some((l) => l.startsWith('/flat-fee-mls/'))).toBe(false);
      expect(res.body).toContain(`${links.length} results for`);
      expect(res.body).toContain('City guides · /flat-fee-mls');
    });

    it('finds a city page by its name, and the services page', async () => {
      const austin = await search('austin');
      expect(resultLinks(austin.body)).toContain(
        '/flat-fee-mls/austin-tx Flat Fee MLS in Austin, TX',
      );
      const services = await search('services for sellers buyers and landlords');
      expect(resultLinks(services.body)[0]).toBe(
        '/services Real Estate Services for Sellers, Buyers and Landlords',
      );
    });

    it('lists at most 50 results and says how many there are', async () => {
      const res = await search('the');
      const total = Number(/(\d+) results for/.exec(res.body)?.[1]);
      expect(total).toBeGreaterThan(50);
      expect(resultLinks(res.body)).toHaveLength(50);
      expect(res.body).toContain('Showing the first 50.');
    });

    it('escapes whatever the URL carries', async () => {
      const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
      const res = await search(evil);
      expect(res.statusCode).toBe(200);
      // In the box: the quote is escaped, so all of it stays the attribute's value.
      expect(res.body).toContain(
        `value="&#34;><script>alert(1)</script><img src=x onerror=alert(2)>"`,
      );
      expect(res.body).toContain(
        '“&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;”',
      );
      expect(res.body).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(res.body).toContain('No results for');
    });

    it('copes with empty, 1 KB and odd-character queries', async () => {
      const empty = await t.app.inject({ method: 'GET', url: '/search' });
      expect(empty.statusCode).toBe(200);
      expect(empty.body).toContain('What are you looking for?');
      expect(empty.body).toContain('<title>Search | Lantern</title>');
      expect((await search('   ')).body).toContain('What are you looking for?');
      const long = await search('lockbox '.repeat(128));
      expect(long.statusCode).toBe(200);
      expect(long.body).toContain('Lockbox Rental for Home Showings');
      expect((await search('%%% ((( [[[ \\ ü 🏠')).body).toContain('No results for');
      const twice = await t.app.inject({ method: 'GET', url: '/search?search=austin&search=b' });
      expect(twice.statusCode).toBe(200);
      expect(twice.body).toMatch(/<input[^>]+value="austin"/);
    });
  });

  it('serves a page whose name is also a folder, and the pages inside it', async () => {
    const blog = await t.app.inject({
      method: 'GET',
      url: '/blog',
      headers: { accept: 'text/html' },
    });
    expect(blog.statusCode).toBe(200);
    expect(blog.body).toContain('<title>Blog – Guides for Home Sellers');
    const post = await t.app.inject({
      method: 'GET',
      url: '/blog/fsbo-or-flat-fee-mls',
      headers: { accept: 'text/html' },
    });
    expect(post.statusCode).toBe(200);
  });

  it('names its sitemaps in robots.txt, and the sitemap keeps the pages that render on demand', async () => {
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    const named = [...robots.body.matchAll(/^Sitemap: (\S+)$/gm)].map(
      (m) => new URL(m[1] ?? '').pathname,
    );
    expect(named).toEqual(['/sitemap.xml']);
    for (const path of named) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toMatch(/^<\?xml/);
    }
    const index = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1] ?? '').pathname,
    );
    expect(sitemaps).toEqual(['/sitemap-0.xml', '/sitemap-listings.xml']);
    for (const path of sitemaps) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toMatch(/^<\?xml/);
    }
    // The index's earlier address still answers, with the same sitemaps.
    expect((await t.app.inject({ method: 'GET', url: '/sitemap-index.xml' })).body).toBe(index);
    const pages = new Set(
      [
        ...(await t.app.inject({ method: 'GET', url: '/sitemap-0.xml' })).body.matchAll(
          /<loc>([^<]+)<\/loc>/g,
        ),
      ].map((m) => new URL(m[1] ?? '').pathname),
    );
    for (const path of [
      '/',
      '/services',
      '/lockbox-rental',
      '/flat-fee-mls/austin-tx',
      '/mls',
      '/search',
    ])
      expect(pages, path).toContain(path);
  });

  describe('GET /api/listings', () => {
    it('answers an empty list when nothing is published', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/listings?view=current' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        listings: [],
        page: 1,
        pageSize: 12,
        total: 0,
        totalCapped: false,
      });
    });

    it('shows only published listings, in the view they belong to', async () => {
      const now = new Date();
      await t.app.db.insert(listings).values([
        {
          hash: 'pub-active',
          status: 'active',
          streetAddress: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          price: 400000,
          bedrooms: 3,
          bathrooms: 2.5,
          publishedAt: now,
        },
        {
          hash: 'hidden',
          status: 'active',
          streetAddress: '2 Main St',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
        },
        {
          hash: 'pub-sold',
          status: 'sold',
          streetAddress: '3 Main St',
          city: 'Austin',
          state: 'TX',
          zipCode: '78701',
          closedAt: now,
          publishedAt: now,
        },
      ]);
      // Written straight to the table: tell the kept answers, as every publish does (issue 46).
      await t.app.publicListingChanges.changed();
      const current = (
        await t.app.inject({ method: 'GET', url: '/api/listings?view=current' })
      ).json();
      expect(current.listings.map((l: { id: string }) => l.id)).toEqual(['pub-active']);
      expect(current.listings[0]).toMatchObject({ bathrooms: 2.5, price: 400000, closedAt: null });
      const sold = (await t.app.inject({ method: 'GET', url: '/api/listings?view=sold' })).json();
      expect(sold.listings.map((l: { id: string }) => l.id)).toEqual(['pub-sold']);
      const bad = await t.app.inject({ method: 'GET', url: '/api/listings?view=everything' });
      expect(bad.statusCode).toBe(422);
    });
  });

  it('seeds the MLS directory once, leaving staff edits alone', async () => {
    const rows = await t.app.db.select().from(mlsBoards);
    expect(rows).toHaveLength(MLS_BOARDS.length);
    expect(rows.every((r) => r.sourceUrl.startsWith('https://'))).toBe(true);
    const seeded = new Map(MLS_BOARDS.map((b) => [b.slug, b.counties]));
    expect(
      rows.every((r) => JSON.stringify(r.counties) === JSON.stringify(seeded.get(r.slug))),
    ).toBe(true);
  });
});
