import { listings } from '@lantern/db';
import { FSBO_LISTING_API } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';

/**
 * Issue 46: /sitemap-listings.xml is made once and kept until a listing is published, changed
 * or taken down (features/public-listings/listings-sitemap.ts), not read from every listing per
 * request.
 */
let t: TestApp;
let seller: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  seller = await signUpUser(t.app, 'sitemap');
});
afterAll(async () => t.close());

const sitemap = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/sitemap-listings.xml' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('the listings sitemap', () => {
  it('is kept between requests: a row written behind its back does not show', async () => {
    const before = await sitemap();
    const [row] = await t.app.db.select().from(listings).limit(1);
    expect(row).toBeUndefined();
    await t.app.db.insert(listings).values({
      hash: 'Behind01',
      slug: '9-quiet-st-behind01',
      status: 'active',
      streetAddress: '9 Quiet St',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      publishedAt: new Date(),
    });
    expect(await sitemap()).toBe(before);
    // The bus's word that listings changed (from another instance) makes it again; through
    // PostgreSQL it arrives a moment after.
    await t.app.bus.publish('listings.changed', {});
    await expect.poll(sitemap).toContain('9-quiet-st-behind01');
  });

  it('shows a listing as soon as its owner publishes it, and drops it when unpublished', async () => {
    await sitemap();
    const { property, listing } = await publishedFsboListing(t.app, seller, '21 Sitemap Ave');
    const slug = listing.slug ?? listing.hash;
    expect(await sitemap()).toContain(slug);

    const res = await t.app.inject({
      method: 'POST',
      url: FSBO_LISTING_API.unpublish,
      headers: { ...BROWSER, cookie: seller.cookie },
      payload: { property: property.hash },
    });
    const [after] = await t.app.db.select().from(listings).where(eq(listings.id, listing.id));
    expect(res.statusCode, res.body).toBe(200);
    expect(after?.publishedAt).toBeNull();
    expect(await sitemap()).not.toContain(slug);
  });
});
