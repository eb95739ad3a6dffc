import { listingPriceEvents, listings, type NewListing } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/**
 * One listing's page, /listings/{slug}, as the server sends it: rendered on demand by the public
 * site's real build (apps/web/src/pages/listings/[slug].astro; run `pnpm build` in apps/web
 * first) with the listing read through Astro.locals.site.
 */

const HOSTILE = '<script>alert(1)</script>"\'&';
let t: TestApp;
let seq = 0;

function row(over: Partial<NewListing>): NewListing {
  seq += 1;
  const hash = over.hash ?? `Page${seq}xy`;
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
    bathrooms: 2.5,
    squareFeet: 1500,
    propertyType: 'single-family',
    lat: 30.27,
    lng: -97.74,
    listedAt: new Date(Date.UTC(2026, 0, 5)),
    publishedAt: new Date(),
    ...over,
  };
}

const page = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
/** The start tags of a page, each read whole (quoted attribute values included). */
const startTags = (html: string) =>
  [
    ...html.matchAll(/<([a-zA-Z][\w-]*)(?:\s+[^\s=>/]+(?:=(?:"[^"]*"|'[^']*'|[^\s>]+))?)*\s*\/?>/g),
  ].map((m) => m[0]);
const jsonLdOf = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null');

beforeAll(async () => {
  t = await buildTestApp({ brokerageLicenses: ['CA DRE #01234567', 'TX 9001234'] });
  const [one] = await t.app.db
    .insert(listings)
    .values(
      row({
        hash: 'PageOne1',
        slug: '1-elm-st-austin-tx-78701-PageOne1',
        streetAddress: '1 Elm St',
        remarks: 'Sunny.\nQuiet.\n\nNew roof.',
        features: ['Porch'],
        yearBuilt: 1990,
      }),
    )
    .returning();
  await t.app.db
    .insert(listingPriceEvents)
    .values({ listingId: one?.id ?? 0, kind: 'listed', price: 300_000 });
});
afterAll(() => t.close());

describe('GET /listings/:slug', () => {
  it('renders a published MLS listing: head tags, JSON-LD, facts, map, forms and sharing', async () => {
    const res = await page('/listings/1-elm-st-austin-tx-78701-PageOne1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = res.body;
    const url = `${t.app.config.publicUrl.origin}/listings/1-elm-st-austin-tx-78701-PageOne1`;
    expect(body).toContain(
      `<title>1 Elm St, Austin, TX 78701 – $300,000 | ${t.app.config.siteName}</title>`,
    );
    expect(body).toContain(`<link rel="canonical" href="${url}">`);
    expect(body).toContain(`<meta property="og:url" content="${url}">`);
    // Every page shares a large image (issue 45): the listing's photo, or the brand card.
    expect(body).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(body).toMatch(/<meta property="og:image" content="http[^"]+">/);
    expect(body).not.toContain('noindex');
    expect(body).toContain('<h1 id="page-heading">1 Elm St</h1>');
    // The home's figures at the top, large (issue 47).
    expect(body).toMatch(
      /<li><strong>3<\/strong> beds<\/li>\s*<li><strong>2\.5<\/strong> baths<\/li>\s*<li><strong>1,500<\/strong> sq ft<\/li>/,
    );
    expect(body).toMatch(/<dt>Year built<\/dt>\s*<dd>1990<\/dd>/);
    expect(body).toMatch(/<p>Sunny\.<br>Quiet\.<\/p>\s*<p>New roof\.<\/p>/);
    expect(body).toContain('<li>Porch</li>');
    expect(body).toContain(`Listed by ${t.app.config.siteName}, license TX 9001234`);
    // Beside the brokerage line, not only in the footer every page has.
    expect(body.split('<footer')[0]).toContain('Equal Housing Opportunity');
    expect(body).toContain('data-listing-map');
    expect(body).toContain('data-listing-beacon="PageOne1"');
    expect(body).toContain('data-inquiry-form data-action="/api/listings/PageOne1/inquiries"');
    expect(body).toContain('data-showing-form');
    expect(body).toContain('Request transaction access');
    expect(body).toContain('Share on Facebook');
    expect(body).toContain('href="/current-listings"');
    expect(body).not.toContain('listing-text-info');
    expect(jsonLdOf(body)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'RealEstateListing',
      url,
      offers: { price: 300_000, priceCurrency: 'USD' },
      about: { '@type': 'SingleFamilyResidence', yearBuilt: 1990 },
    });
  });

  it('redirects (301) to the current words when only the public id matches', async () => {
    const res = await page('/listings/some-old-words-PageOne1');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/listings/1-elm-st-austin-tx-78701-PageOne1');
  });

  it('is the site’s 404 page for an unknown or unpublished listing', async () => {
    await t.app.db
      .insert(listings)
      .values(row({ hash: 'Hidden01', slug: 'x-Hidden01', publishedAt: null }));
    for (const url of ['/listings/no-such-home-Nope123', '/listings/x-Hidden01', '/listings/-']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('We couldn’t find that page');
    }
  });

  it('escapes hostile values everywhere on the page', async () => {
    await t.app.db.insert(listings).values(
      row({
        hash: 'Hostile1',
        slug: 'hostile-Hostile1',
        streetAddress: HOSTILE,
        city: HOSTILE,
        remarks: `${HOSTILE}</script><script>alert(2)</script>`,
        features: [HOSTILE],
        fsboListingId: null,
        contactName: HOSTILE,
      }),
    );
    const res = await page('/listings/hostile-Hostile1');
    expect(res.statusCode).toBe(200);
    // Every script element is ours: as many as on a plain listing's page (the site's own, the
    // two JSON ones), never one a value opened.
    const scripts = (html: string) => startTags(html).filter((tag) => tag.startsWith('<script'));
    const plain = await page('/listings/1-elm-st-austin-tx-78701-PageOne1');
    expect(scripts(res.body)).toEqual(scripts(plain.body));
    expect(scripts(res.body).filter((s) => /type="application\/(ld\+)?json"/.test(s))).toHaveLength(
      2,
    );
    const text = '&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;';
    expect(res.body).toContain(`<h1 id="page-heading">${text}</h1>`);
    expect(res.body).toContain(`<li>${text}</li>`);
    expect(jsonLdOf(res.body).about.address.streetAddress).toBe(HOSTILE);
    const points = /<script type="application\/json" data-map-points>([\s\S]*?)<\/script>/.exec(
      res.body,
    );
    expect(JSON.parse(points?.[1] ?? '[]')[0].title).toBe(HOSTILE);
  });

  it('keeps the page until a listing changes, then shows the edit and a sold listing', async () => {
    const path = '/listings/1-elm-st-austin-tx-78701-PageOne1';
    expect((await page(path)).body).toContain('$300,000');
    // Written behind the sync's back: the kept page is still sent (issue 46)…
    await t.app.db
      .update(listings)
      .set({ price: 275_000, status: 'sold', closedAt: new Date(Date.UTC(2026, 3, 2)) })
      .where(eq(listings.hash, 'PageOne1'));
    expect((await page(path)).body).toContain('$300,000');
    // …until the change is told, as every sync of a public listing tells it.
    await t.app.publicListingChanges.changed();
    const res = await page(path);
    expect(res.body).toContain('$275,000');
    expect(res.body).toMatch(/<dt>Sold<\/dt>\s*<dd>Apr 2, 2026<\/dd>/);
    expect(res.body).toContain('href="/past-sales"');
    // The section's heading, not its class: the page's own styles are inline and name it.
    for (const gone of ['data-inquiry-form', 'data-showing-form', 'id="listing-access"']) {
      expect(res.body).not.toContain(gone);
    }
    expect(jsonLdOf(res.body).offers.availability).toBe('https://schema.org/SoldOut');
  });

  it('has no template or preview page of its own to serve', async () => {
    for (const url of ['/templates/listing', '/templates/listing.html', '/listing-preview']) {
      expect((await page(url)).statusCode, url).toBe(404);
    }
  });
});
