import {
  ADMIN_LISTINGS_API,
  ESIGN_DISCLOSURE_VERSION,
  LISTINGS_API,
  MLS_LISTING_LIFECYCLE_API,
} from '@lantern/contracts';
import { listingChangeRequests, listings, mlsBoards } from '@lantern/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { listingReadyToSign } from './helpers/mls-listing-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Decision 032 / issue 19: a live MLS listing is on the public listing pages, from staff's
 * approval on, and follows the changes staff carry out; its photo is served publicly only
 * while it is published.
 */
let t: TestApp;
let alice: SignedIn;
let ops: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'public-owner');
  ops = await signUpUser(t.app, 'public-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
  await t.app.db.insert(mlsBoards).values({
    slug: 'public-test-mls',
    name: 'Public Test MLS',
    shortName: 'PTM',
    states: ['WY'],
    counties: ['Public'],
    website: 'https://mls.example',
    sourceName: 'test',
    sourceUrl: 'https://mls.example',
  });
});
afterAll(() => t.close());

const post = (url: string, payload: object, who: SignedIn) =>
  t.app.inject({ method: 'POST', url, headers: { ...BROWSER, cookie: who.cookie }, payload });
const current = async (view = 'current') =>
  (await t.app.inject({ method: 'GET', url: `${LISTINGS_API.listings}?view=${view}` })).json()
    .listings as Array<Record<string, unknown>>;

/** Signed by its one owner (submitted), with a real web-size file for its photo. */
async function submitted(street: string) {
  const p = await listingReadyToSign(t.app, alice, { street, county: 'Public County' });
  const page = (
    await t.app.inject({
      method: 'GET',
      url: `${MLS_LISTING_LIFECYCLE_API.sign}?property=${p.hash}`,
      headers: { cookie: alice.cookie },
    })
  ).json();
  const signed = await post(
    MLS_LISTING_LIFECYCLE_API.sign,
    {
      property: p.hash,
      document: page.document.hash,
      consent: true,
      consentVersion: ESIGN_DISCLOSURE_VERSION,
    },
    alice,
  );
  expect(signed.json().completed).toBe(true);
  const [photo] = await t.app.listingPhotos.list({ kind: 'mls', id: p.listing.id });
  if (!photo) throw new Error('no photo');
  const jpeg = await sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();
  await t.app.storage.put(photo.storageKey.replace(/original$/, 'web.jpg'), jpeg, {
    contentType: 'image/jpeg',
  });
  return p;
}

describe('live MLS listings on the public pages', () => {
  it('shows nothing before approval, then the listing with its facts and photo', async () => {
    const p = await submitted('41 Public Way');
    expect((await current()).some((l) => l.address === '41 Public Way')).toBe(false);

    const approved = await post(
      ADMIN_LISTINGS_API.approve(p.listing.hash),
      { mlsNumber: 'PUB-41' },
      ops,
    );
    expect(approved.statusCode).toBe(200);
    const shown = (await current()).find((l) => l.address === '41 Public Way');
    expect(shown).toMatchObject({
      status: 'active',
      city: 'Springfield',
      state: 'WY',
      price: 450_000,
      bedrooms: 3,
      bathrooms: 2,
      squareFeet: 1_850,
      closedAt: null,
    });
    // The card shows the thumbnail; the page's gallery serves each photo at web size.
    const [stored] = await t.app.listingPhotos.list({ kind: 'mls', id: p.listing.id });
    const id = shown?.id as string;
    expect(shown?.photoUrl).toBe(LISTINGS_API.photoFile(id, stored?.hash ?? '', 'thumb'));
    for (const url of [
      LISTINGS_API.photo(id),
      LISTINGS_API.photoFile(id, stored?.hash ?? '', 'web'),
    ]) {
      const photo = await t.app.inject({ method: 'GET', url });
      expect(photo.statusCode, url).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
    }
    // Facts the page shows come from the form and the property.
    const [row] = await t.app.db.select().from(listings).where(eq(listings.hash, id));
    expect(row).toMatchObject({
      propertyType: 'single-family',
      remarks: 'Bright three-bedroom home on a quiet street.',
      features: ['Lot: 0.25 acres'],
      slug: expect.stringContaining(id),
    });

    // A price change staff carry out is the public price; a sale moves it to the past sales.
    const asked = await post(
      MLS_LISTING_LIFECYCLE_API.changes,
      {
        property: p.hash,
        details: { kind: 'price', ListPrice: 439_000 },
        consent: true,
        consentVersion: ESIGN_DISCLOSURE_VERSION,
      },
      alice,
    );
    expect(asked.statusCode).toBe(201);
    const [price] = await t.app.db
      .select({ hash: listingChangeRequests.hash })
      .from(listingChangeRequests)
      .where(eq(listingChangeRequests.listingId, p.listing.id));
    expect((await post(ADMIN_LISTINGS_API.complete(price?.hash ?? ''), {}, ops)).statusCode).toBe(
      200,
    );
    expect((await current()).find((l) => l.address === '41 Public Way')?.price).toBe(439_000);

    const closing = new Date().toISOString().slice(0, 10);
    const sale = await post(
      MLS_LISTING_LIFECYCLE_API.changes,
      {
        property: p.hash,
        details: {
          kind: 'status',
          StandardStatus: 'Closed',
          ClosePrice: 432_500,
          CloseDate: closing,
        },
        consent: true,
        consentVersion: ESIGN_DISCLOSURE_VERSION,
      },
      alice,
    );
    expect(sale.statusCode).toBe(201);
    const rows = await t.app.db
      .select({ hash: listingChangeRequests.hash, kind: listingChangeRequests.kind })
      .from(listingChangeRequests)
      .where(eq(listingChangeRequests.listingId, p.listing.id));
    const status = rows.find((r) => r.kind === 'status');
    expect((await post(ADMIN_LISTINGS_API.complete(status?.hash ?? ''), {}, ops)).statusCode).toBe(
      200,
    );
    expect((await current()).some((l) => l.address === '41 Public Way')).toBe(false);
    expect((await current('sold')).find((l) => l.address === '41 Public Way')).toMatchObject({
      status: 'sold',
      price: 432_500,
      closedAt: `${closing}T12:00:00.000Z`,
    });
  });

  it('never shows a listing sent back, nor serves the photo of one not published', async () => {
    const p = await submitted('43 Public Way');
    const back = await post(
      ADMIN_LISTINGS_API.sendBack(p.listing.hash),
      { reasons: [{ field: 'PublicRemarks', reason: 'Say more about the kitchen.' }] },
      ops,
    );
    expect(back.statusCode).toBe(200);
    expect((await current()).some((l) => l.address === '43 Public Way')).toBe(false);
    const res = await t.app.inject({ method: 'GET', url: LISTINGS_API.photo('not-a-listing') });
    expect(res.statusCode).toBe(404);
  });
});
