import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listings, mlsBoards } from '@lantern/db';
import { MLS_BOARDS } from '@lantern/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/** A stand-in for apps/web/dist: the search template and its index. */
function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-web-'));
  writeFileSync(
    join(dir, 'search.html'),
    '<html><head><title>Search | Lantern</title></head><body><input name="search" value="" data-search-input><!--search-results:start--><p>empty</p><!--search-results:end--></body></html>',
  );
  writeFileSync(
    join(dir, 'search-index.json'),
    JSON.stringify([
      {
        url: '/lockbox-rental',
        title: 'Lockbox Rental',
        description: 'Rent a lockbox.',
        text: 'Agents open the lockbox to show your home.',
        kind: 'service',
        label: 'Lockbox Rental',
      },
      {
        url: '/company/contact',
        title: 'Contact Us',
        description: 'Reach us.',
        text: 'Ask us about a lockbox.',
        kind: 'help',
      },
      // Generated city pages repeat the same sentence; search folds them into one result.
      ...['Austin, TX', 'Boston, MA', 'Chicago, IL'].map((city) => ({
        url: `/flat-fee-mls/${city.slice(0, 3).toLowerCase()}`,
        title: `Flat Fee MLS in ${city}`,
        description: `List in ${city}.`,
        text: 'Add a lockbox, lockbox, lockbox, lockbox or a yard sign whenever you like.',
        kind: 'city',
      })),
      {
        url: '/photography',
        title: 'Photography',
        description: 'Photos.',
        text: 'A photographer visits.',
        kind: 'page',
      },
    ]),
  );
  writeFileSync(join(dir, 'index.html'), '<html><title>Home</title></html>');
  // A page whose name is also a folder (blog.html beside blog/).
  writeFileSync(join(dir, 'blog.html'), '<html><title>Blog</title></html>');
  mkdirSync(join(dir, 'blog'));
  writeFileSync(join(dir, 'blog', 'post.html'), '<html><title>Post</title></html>');
  return dir;
}

describe('public site API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ webDist: fakeWebDist() });
  });
  afterAll(async () => t.close());

  describe('GET /search', () => {
    const search = (q: string) =>
      t.app.inject({ method: 'GET', url: `/search?search=${encodeURIComponent(q)}` });

    it('fills the results region with highlighted matches and shows the query back', async () => {
      const res = await search('lockbox');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<a href="/lockbox-rental">Lockbox Rental</a>');
      expect(res.body).toContain('<mark>lockbox</mark>');
      expect(res.body).toContain('value="lockbox" data-search-input');
      expect(res.body).toContain('<title>lockbox – Search | Lantern</title>');
      expect(res.body).not.toContain('<p>empty</p>');
    });

    it('ranks the service, then help, and folds the city pages into one result', async () => {
      const res = await search('lockbox');
      const titles = [...res.body.matchAll(/<h2><a href="([^"]+)">([^<]+)<\/a><\/h2>/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
      expect(titles).toEqual([
        '/lockbox-rental Lockbox Rental',
        '/company/contact Contact Us',
        '/flat-fee-mls Lockbox Rental in 3 cities',
      ]);
      expect(res.body).toContain('3 results for');
      expect(res.body).toContain('Austin, TX · Boston, MA · Chicago, IL');
      expect(res.body).toContain('City guides · /flat-fee-mls');
    });

    it('keeps the page of a city the search names', async () => {
      const res = await search('austin');
      expect(res.body).toContain('<a href="/flat-fee-mls/aus">Flat Fee MLS in Austin, TX</a>');
      expect(res.body).toContain('1 result for');
    });

    it('escapes whatever the URL carries', async () => {
      const evil = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
      const res = await search(evil);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('<script>alert(1)');
      expect(res.body).not.toContain('<img src=x');
      expect(res.body).toContain('&#34;&#62;&#60;script&#62;');
    });

    it('copes with empty, 1 KB and odd-character queries', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/search' })).statusCode).toBe(200);
      expect((await search('')).body).toContain('What are you looking for?');
      const long = await search('lockbox '.repeat(128));
      expect(long.statusCode).toBe(200);
      expect((await search('%%% ((( [[[ \\ ü 🏠')).body).toContain('No results for');
      const twice = await t.app.inject({ method: 'GET', url: '/search?search=a&search=b' });
      expect(twice.statusCode).toBe(200);
    });
  });

  it('serves a page whose name is also a folder, and the pages inside it', async () => {
    const blog = await t.app.inject({
      method: 'GET',
      url: '/blog',
      headers: { accept: 'text/html' },
    });
    expect(blog.statusCode).toBe(200);
    expect(blog.body).toContain('<title>Blog</title>');
    const post = await t.app.inject({
      method: 'GET',
      url: '/blog/post',
      headers: { accept: 'text/html' },
    });
    expect(post.statusCode).toBe(200);
  });

  describe('GET /api/listings', () => {
    it('answers an empty list when nothing is published', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/listings?view=current' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ listings: [], page: 1, pageSize: 12, total: 0 });
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
