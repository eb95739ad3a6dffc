import { readFile } from 'node:fs/promises';
import { NO_SYNDICATION, OPEN_HOUSES_API, type TListingSyndication } from '@lantern/contracts';
import {
  auditLog,
  fsboListings,
  type Listing,
  listings,
  type NewListing,
  portalFeeds,
} from '@lantern/db';
import { ADMIN_API, FSBO_LISTING_API } from '@lantern/domain';
import { eq, sql } from 'drizzle-orm';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { localParts } from '../src/features/listing-tools/open-houses/times.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { addMlsListing } from './helpers/photo-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Portal feeds (issue 49; docs/decisions/098): staff make a feed whose secret address is shown
 * once, portals fetch it, rotating or revoking stops the old address, the file holds only what
 * each seller agreed to share, an owner keeps a listing out of one portal, the file is made again
 * when a listing changes, and it validates with xmllint against docs/feeds/listing-feed.xsd.
 */
let t: TestApp;
let staff: SignedIn;
let seller: SignedIn;
let stranger: SignedIn;
let fsbo: { property: { id: number; hash: string }; listing: Listing };
let xsd: string;

const ALL: TListingSyndication = {
  InternetEntireListingDisplayYN: true,
  InternetAddressDisplayYN: true,
  InternetAutomatedValuationDisplayYN: false,
  InternetConsumerCommentYN: true,
  ClosePriceDisplayYN: true,
};
const BASE = Date.UTC(2026, 5, 1);
/** Enough listings that the feed reads its records in more than one page. */
const MANY = 520;
const LICENSES = ['TX Broker 0612345', 'OK Broker 171234'];

function row(hash: string, over: Partial<NewListing> = {}): NewListing {
  return {
    hash,
    slug: `${hash.toLowerCase()}-feed-st`,
    status: 'active',
    streetAddress: `12 ${hash} St`,
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    price: 350_000,
    bedrooms: 3,
    bathrooms: 2,
    squareFeet: 1_800,
    propertyType: 'single-family',
    yearBuilt: 1990,
    lat: 30.27,
    lng: -97.74,
    remarks: 'Near the park & the <river>.',
    listedAt: new Date(BASE),
    publishedAt: new Date(BASE),
    syndication: ALL,
    syndicatedAt: new Date(BASE),
    ...over,
  };
}

const as = (
  who: SignedIn,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

async function addFeed(name: string) {
  const res = await as(staff, 'POST', ADMIN_API.portalFeeds, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { feed: { hash: string; name: string }; url: string };
}

const fetchFeed = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({
    method: 'GET',
    url: new URL(url).pathname,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

type Parsed = Record<string, unknown> & { key: string };
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) => ['listing', 'photo', 'openHouse', 'license'].includes(name),
});

async function listingsOf(url: string): Promise<Map<string, Parsed>> {
  const res = await fetchFeed(url);
  expect(res.statusCode, res.body).toBe(200);
  const doc = parser.parse(res.body) as { listings: { listing?: Parsed[] } };
  return new Map((doc.listings.listing ?? []).map((l) => [l.key, l]));
}

async function validates(xml: string) {
  return validateXML({
    xml: [{ fileName: 'feed.xml', contents: xml }],
    schema: [{ fileName: 'listing-feed.xsd', contents: xsd }],
    maxMemoryPages: 4096,
  });
}

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false, brokerageLicenses: LICENSES });
  xsd = await readFile(new URL('../../../docs/feeds/listing-feed.xsd', import.meta.url), 'utf8');
  staff = await signUpUser(t.app, 'feed-staff');
  await giveStaffRole(t.app, staff.userId, 'owner');
  seller = await signUpUser(t.app, 'feed-seller');
  stranger = await signUpUser(t.app, 'feed-stranger');
  const home = await addProperty(t.app, staff.userId, 'seller', { street: '5 Broker Rd' });
  const mls = await addMlsListing(t.app.db, home.id, staff.userId);
  const rows = [
    row('FeedMls', { mlsListingId: mls.id }),
    row('FeedNotShared', { syndication: null, syndicatedAt: null }),
    row('FeedNothing', { syndication: NO_SYNDICATION }),
    row('FeedHidden', { syndication: { ...ALL, InternetAddressDisplayYN: false } }),
    row('FeedSoldKept', {
      status: 'sold',
      closedAt: new Date(BASE),
      syndication: { ...ALL, ClosePriceDisplayYN: false },
    }),
    row('FeedSoldShared', { status: 'sold', price: 410_000, closedAt: new Date(BASE) }),
    row('FeedPending', { status: 'pending' }),
    row('FeedUnpublished', { publishedAt: null }),
    ...Array.from({ length: MANY }, (_, i) => row(`FeedMany${String(i).padStart(4, '0')}`)),
  ];
  for (let i = 0; i < rows.length; i += 200) {
    await t.app.db.insert(listings).values(rows.slice(i, i + 200));
  }
  fsbo = await publishedFsboListing(t.app, seller, '77 Owner Way');
  await t.app.db
    .update(fsboListings)
    .set({ syndication: ALL })
    .where(eq(fsboListings.propertyId, fsbo.property.id));
  // Any edit of a published listing syncs its public row (and tells the feed).
  const edit = await as(seller, 'PUT', FSBO_LISTING_API.describe, {
    property: fsbo.property.hash,
    describe: { remarks: 'Sunny and quiet.', features: [] },
    finish: true,
  });
  expect(edit.statusCode, edit.body).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('staff', () => {
  it('shows a new feed’s address once, lists feeds without it, and keeps it out of the log', async () => {
    const { feed, url } = await addFeed('Homes Portal');
    expect(url).toMatch(/^http:\/\/localhost:3000\/feeds\/lpf_[A-Za-z0-9_-]{43}\.xml$/);
    const list = await as(staff, 'GET', ADMIN_API.portalFeeds);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(url.split('/').at(-1)?.slice(0, 20));
    expect(list.json().feeds[0]).toMatchObject({
      hash: feed.hash,
      name: 'Homes Portal',
      createdBy: expect.stringContaining('feed-staff'),
      rotatedAt: null,
      lastFetchedAt: null,
      revokedAt: null,
      optOuts: 0,
    });
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.recordId, feed.hash));
    expect(entry?.action).toBe('portal-feed.create');
    expect(JSON.stringify(entry)).not.toContain('lpf_');
    const row = await t.app.portalFeeds.repo.byHash(feed.hash);
    expect(row?.tokenHash).not.toContain('lpf_');
  });

  it('refuses people without the permission and names that are not names', async () => {
    expect((await as(seller, 'GET', ADMIN_API.portalFeeds)).statusCode).toBe(403);
    const blank = await as(staff, 'POST', ADMIN_API.portalFeeds, { name: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.name).toBeDefined();
  });
});

describe('the feed address', () => {
  it('serves XML, records the fetch at most once a minute, and answers If-None-Match', async () => {
    const { feed, url } = await addFeed('Fetch Portal');
    const res = await fetchFeed(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const first = (await t.app.portalFeeds.repo.byHash(feed.hash))?.lastFetchedAt;
    expect(first).toBeInstanceOf(Date);
    await fetchFeed(url);
    expect((await t.app.portalFeeds.repo.byHash(feed.hash))?.lastFetchedAt).toEqual(first);
    await t.app.db
      .update(portalFeeds)
      .set({ lastFetchedAt: sql`now() - interval '2 minutes'` })
      .where(eq(portalFeeds.hash, feed.hash));
    await fetchFeed(url);
    const later = (await t.app.portalFeeds.repo.byHash(feed.hash))?.lastFetchedAt;
    expect(later?.getTime()).toBeGreaterThan(Date.now() - 30_000);
    const listed = (await as(staff, 'GET', ADMIN_API.portalFeeds)).json().feeds;
    expect(listed.find((f: { hash: string }) => f.hash === feed.hash).lastFetchedAt).toBe(
      later?.toISOString(),
    );
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await fetchFeed(url, { 'if-none-match': etag })).statusCode).toBe(304);
    expect((await fetchFeed(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('is a 404 for an unknown token, the address before a rotation, and a revoked feed', async () => {
    const { feed, url } = await addFeed('Rotating Portal');
    const unknown = `/feeds/lpf_${'A'.repeat(43)}.xml`;
    expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/feeds/nothing.xml' })).statusCode).toBe(404);
    const rotate = await as(staff, 'POST', ADMIN_API.portalFeedRotate(feed.hash));
    expect(rotate.statusCode, rotate.body).toBe(200);
    const rotated = rotate.json() as { feed: { rotatedAt: string }; url: string };
    expect(rotated.url).not.toBe(url);
    expect(rotated.feed.rotatedAt).not.toBeNull();
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await fetchFeed(rotated.url)).statusCode).toBe(200);
    const revoke = await as(staff, 'DELETE', ADMIN_API.portalFeed(feed.hash));
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revokedAt).not.toBeNull();
    expect((await fetchFeed(rotated.url)).statusCode).toBe(404);
    expect((await as(staff, 'POST', ADMIN_API.portalFeedRotate(feed.hash))).statusCode).toBe(409);
    expect((await as(staff, 'DELETE', ADMIN_API.portalFeed(feed.hash))).statusCode).toBe(409);
    expect((await as(staff, 'DELETE', ADMIN_API.portalFeed('nope'))).statusCode).toBe(404);
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.recordId, feed.hash));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'portal-feed.create',
      'portal-feed.revoke',
      'portal-feed.rotate',
    ]);
  });
});

describe('guessing and hammering', () => {
  const unknown = (i: number) => `http://localhost/feeds/lpf_${String(i).padStart(43, 'B')}.xml`;

  it('stops one address after 20 addresses that name no feed, even for a real one', async () => {
    const { url } = await addFeed('Scanned Portal');
    const scanner = '198.51.100.7';
    for (let i = 0; i < 20; i++)
      expect((await fetchFeed(unknown(i), {}, scanner)).statusCode).toBe(404);
    const refused = await fetchFeed(unknown(20), {}, scanner);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await fetchFeed(url, {}, scanner)).statusCode).toBe(429);
    // The portal itself, from its own address, is not held up by the scan.
    expect((await fetchFeed(url, {}, '198.51.100.8')).statusCode).toBe(200);
  });

  it('answers a feed 60 times an hour, then a 429 without recording the fetch', async () => {
    const { feed, url } = await addFeed('Eager Portal');
    const etag = (await fetchFeed(url)).headers.etag as string;
    for (let i = 1; i < 60; i++) {
      expect((await fetchFeed(url, { 'if-none-match': etag })).statusCode).toBe(304);
    }
    await t.app.db
      .update(portalFeeds)
      .set({ lastFetchedAt: sql`now() - interval '2 minutes'` })
      .where(eq(portalFeeds.hash, feed.hash));
    const before = (await t.app.portalFeeds.repo.byHash(feed.hash))?.lastFetchedAt;
    const refused = await fetchFeed(url, { 'if-none-match': etag }, '198.51.100.9');
    expect(refused.statusCode).toBe(429);
    expect((await t.app.portalFeeds.repo.byHash(feed.hash))?.lastFetchedAt).toEqual(before);
  });
});

describe('what the feed holds', () => {
  let url: string;
  let feed: Map<string, Parsed>;
  beforeAll(async () => {
    url = (await addFeed('Consent Portal')).url;
    feed = await listingsOf(url);
  });

  it('holds only listings shared by their sellers and on the market', () => {
    expect(feed.size).toBe(MANY + 6);
    for (const absent of ['FeedNotShared', 'FeedNothing', 'FeedUnpublished']) {
      expect(feed.has(absent)).toBe(false);
    }
    expect(feed.get('FeedPending')?.status).toBe('pending');
  });

  it('lists a brokerage’s listing with its name and licenses, prices and facts', () => {
    const mls = feed.get('FeedMls');
    expect(mls).toMatchObject({
      status: 'active',
      price: { '#text': '350000', '@kind': 'list', '@currency': 'USD' },
      link: 'http://localhost:3000/listings/feedmls-feed-st',
      address: { street: '12 FeedMls St', city: 'Austin', state: 'TX', zip: '78701' },
      remarks: 'Near the park & the <river>.',
      brokerage: { name: 'Lantern', license: LICENSES },
      display: { '@address': 'true', '@automatedValuation': 'false', '@consumerComments': 'true' },
    });
    expect(mls?.forSaleByOwner).toBeUndefined();
  });

  it('leaves out a hidden street and its position, and a sale price not shared', () => {
    const hidden = feed.get('FeedHidden') as Parsed & { address: Record<string, unknown> };
    expect(hidden.address).toEqual({ city: 'Austin', state: 'TX', zip: '78701', country: 'US' });
    expect(feed.get('FeedSoldKept')).toMatchObject({ status: 'sold', soldOn: '2026-06-01' });
    expect(feed.get('FeedSoldKept')?.price).toBeUndefined();
    expect(feed.get('FeedSoldShared')?.price).toMatchObject({ '#text': '410000', '@kind': 'sale' });
  });

  it('marks a listing sold by its owner, with no brokerage, and its photos in order', () => {
    const own = feed.get(fsbo.listing.hash) as Parsed & { photos: { photo: object[] } };
    expect(own.forSaleByOwner).toBe('');
    expect(own.brokerage).toBeUndefined();
    expect(own.remarks).toBe('Sunny and quiet.');
    expect(own.photos.photo).toEqual([
      { '@order': '1', url: expect.stringMatching(/\/api\/listings\/.+\/photos\/.+\/web$/) },
    ]);
  });

  it('validates with xmllint against docs/feeds/listing-feed.xsd, as does the example', async () => {
    const body = (await fetchFeed(url)).body;
    const result = await validates(body);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    const example = await readFile(
      new URL('../../../docs/feeds/example.xml', import.meta.url),
      'utf8',
    );
    expect((await validates(example)).valid).toBe(true);
    // The schema does refuse what it should: a status the feed never sends.
    const broken = body.replace('<status>active</status>', '<status>withdrawn</status>');
    expect((await validates(broken)).valid).toBe(false);
  });
});

describe('the owner', () => {
  const portalsUrl = (property: string) =>
    `/api/dashboard/listing/portals?property=${encodeURIComponent(property)}`;

  it('keeps a listing out of one portal only, with an activity entry', async () => {
    const one = await addFeed('Alpha Homes');
    const two = await addFeed('Beta Homes');
    const view = await as(seller, 'GET', portalsUrl(fsbo.property.hash));
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().shared).toBe(true);
    const names = view.json().portals.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Alpha Homes', 'Beta Homes']));
    expect(view.json().portals.every((p: { send: boolean }) => p.send)).toBe(true);
    expect((await listingsOf(one.url)).has(fsbo.listing.hash)).toBe(true);

    const put = await as(seller, 'PUT', '/api/dashboard/listing/portals', {
      property: fsbo.property.hash,
      skip: [one.feed.hash],
    });
    expect(put.statusCode, put.body).toBe(200);
    const after = put.json().portals as { hash: string; send: boolean }[];
    expect(after.find((p) => p.hash === one.feed.hash)?.send).toBe(false);
    expect(after.find((p) => p.hash === two.feed.hash)?.send).toBe(true);
    expect((await listingsOf(one.url)).has(fsbo.listing.hash)).toBe(false);
    expect((await listingsOf(two.url)).has(fsbo.listing.hash)).toBe(true);
    const listed = (await as(staff, 'GET', ADMIN_API.portalFeeds)).json().feeds;
    expect(listed.find((f: { hash: string }) => f.hash === one.feed.hash).optOuts).toBe(1);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'listing.portals'));
    expect(entry?.recordId).toBe(fsbo.listing.hash);

    // Sending it again puts it back.
    await as(seller, 'PUT', '/api/dashboard/listing/portals', {
      property: fsbo.property.hash,
      skip: [],
    });
    expect((await listingsOf(one.url)).has(fsbo.listing.hash)).toBe(true);
  });

  it('is a 404 for someone else’s listing and a 422 for a portal not in the list', async () => {
    expect((await as(stranger, 'GET', portalsUrl(fsbo.property.hash))).statusCode).toBe(404);
    const theirs = await as(stranger, 'PUT', '/api/dashboard/listing/portals', {
      property: fsbo.property.hash,
      skip: [],
    });
    expect(theirs.statusCode).toBe(404);
    const unknown = await as(seller, 'PUT', '/api/dashboard/listing/portals', {
      property: fsbo.property.hash,
      skip: ['no-such-portal'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.skip).toBeDefined();
  });
});

describe('keeping the file', () => {
  it('keeps the file until a listing changes, then makes it again', async () => {
    const { url } = await addFeed('Kept Portal');
    const before = await listingsOf(url);
    expect(before.get('FeedPending')?.price).toMatchObject({ '#text': '350000' });
    // A change the notifier was not told of is not in the kept file…
    await t.app.db.update(listings).set({ price: 299_000 }).where(eq(listings.hash, 'FeedPending'));
    expect((await listingsOf(url)).get('FeedPending')?.price).toMatchObject({ '#text': '350000' });
    // …and is once it is told, as every change of a public listing does.
    await t.app.publicListingChanges.changed();
    expect((await listingsOf(url)).get('FeedPending')?.price).toMatchObject({ '#text': '299000' });
  });

  it('shows an open house the owner schedules at the next fetch', async () => {
    const { url } = await addFeed('Open House Portal');
    expect((await listingsOf(url)).get(fsbo.listing.hash)?.openHouses).toBeUndefined();
    const date = localParts(new Date(Date.now() + 3 * 86_400_000), 'America/Chicago').date;
    const res = await as(seller, 'POST', OPEN_HOUSES_API.list, {
      property: fsbo.property.hash,
      date,
      startTime: '13:00',
      endTime: '15:00',
      note: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { startsAt, endsAt } = res.json().openHouse;
    const shown = (await listingsOf(url)).get(fsbo.listing.hash) as Parsed & {
      openHouses: { openHouse: object[] };
    };
    expect(shown.openHouses.openHouse).toEqual([{ start: startsAt, end: endsAt }]);
  });
});
