import {
  LISTING_ANALYTICS_API,
  LISTING_ANALYTICS_COUNTABLE,
  LISTING_ANALYTICS_LABELS,
  LISTING_SUMMARY_UNSUBSCRIBE_PATH,
  listingPagePath,
  type TListingAnalytics,
} from '@lantern/contracts';
import { analyticsVisitors, jobs, type Listing, listings } from '@lantern/db';
import { LISTING_BEACON_API, LISTING_BEACON_ATTRIBUTE } from '@lantern/domain';
import { and, eq, like, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createListingAnalytics } from '../src/features/listing-tools/listing-analytics.ts';
import { MAIL_JOB } from '../src/features/mail/outbox.ts';
import { BROWSER, buildTestApp, ORIGIN, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';
import { addReader } from './helpers/photo-fixtures.ts';
import { startSmtpServer } from './helpers/smtp.ts';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0 Safari/537.36';
const POSTAL = '500 Lantern Way, Suite 2, Springfield, IL 62701';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let seller: SignedIn;
let buyer: SignedIn;
let stranger: SignedIn;
let street = 0;
/** A fresh published listing of `seller`'s (Illinois: America/Chicago). */
const listing = () => publishedFsboListing(t.app, seller, `${++street} Analytics Ave`);

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({
    jobsPollMs: 0,
    jobsWorker: false,
    mailUrl: smtp.url,
    businessPostalAddress: POSTAL,
  });
  seller = await signUpUser(t.app, 'analytics-seller');
  buyer = await signUpUser(t.app, 'analytics-buyer');
  stranger = await signUpUser(t.app, 'analytics-stranger');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const beacon = (
  kind: 'views' | 'galleryOpens',
  id: string,
  ua: string | undefined,
  ip = '203.0.113.7',
) =>
  t.app.inject({
    method: 'POST',
    url: LISTING_BEACON_API[kind](id),
    remoteAddress: ip,
    headers: { ...BROWSER, ...(ua === undefined ? {} : { 'user-agent': ua }) },
  });

const analytics = (property: string, who: SignedIn, range = '') =>
  t.app.inject({
    method: 'GET',
    url: `${LISTING_ANALYTICS_API.analytics}?property=${property}${range}`,
    headers: { cookie: who.cookie },
  });

async function today(property: string) {
  const res = await analytics(property, seller);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as TListingAnalytics;
  return body.days.at(-1);
}

describe('page views and unique visitors from the page beacon', () => {
  it('counts every view and each visitor once a day, sets no cookie, and 404s an unknown listing', async () => {
    const { property, listing: row } = await listing();
    const first = await beacon('views', row.hash, CHROME);
    expect(first.statusCode).toBe(204);
    expect(first.headers['set-cookie']).toBeUndefined();
    await beacon('views', row.hash, CHROME); // a reload: a view, not a new visitor
    await beacon('views', row.hash, FIREFOX); // another browser on the same address
    await beacon('views', row.hash, CHROME, '198.51.100.20'); // another address
    expect(await today(property.hash)).toMatchObject({ ViewCount: 4, UniqueVisitorCount: 3 });
    expect((await beacon('views', 'NoSuchListing', CHROME)).statusCode).toBe(404);
  });

  it('counts nothing for known bots or a missing user agent, with the same answer', async () => {
    const { property, listing: row } = await listing();
    expect((await beacon('views', row.hash, GOOGLEBOT)).statusCode).toBe(204);
    expect((await beacon('views', row.hash, undefined)).statusCode).toBe(204);
    expect((await beacon('galleryOpens', row.hash, GOOGLEBOT)).statusCode).toBe(204);
    expect(await today(property.hash)).toMatchObject({ ViewCount: 0, PhotoGalleryCount: 0 });
  });

  it('counts gallery opens', async () => {
    const { property, listing: row } = await listing();
    const res = await beacon('galleryOpens', row.hash, CHROME);
    expect(res.statusCode).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await today(property.hash)).toMatchObject({ PhotoGalleryCount: 1, ViewCount: 0 });
  });

  it('refuses a beacon without our X-Requested-With (a cross-site form cannot count)', async () => {
    const { listing: row } = await listing();
    const res = await t.app.inject({
      method: 'POST',
      url: LISTING_BEACON_API.views(row.hash),
      headers: { 'user-agent': CHROME, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('throttles one address on one listing after 60 beacons an hour', async () => {
    const { property, listing: row } = await listing();
    const ip = '192.0.2.99';
    for (let i = 0; i < 60; i++) await beacon('views', row.hash, CHROME, ip);
    const over = await beacon('views', row.hash, CHROME, ip);
    expect(over.statusCode).toBe(429);
    expect(await today(property.hash)).toMatchObject({ ViewCount: 60, UniqueVisitorCount: 1 });
  });

  it('puts the beacon on the public page (no cookie set) but never on the preview', async () => {
    const { property, listing: row } = await listing();
    const page = await t.app.inject({ method: 'GET', url: listingPagePath(row.slug ?? '') });
    expect(page.statusCode).toBe(200);
    expect(page.headers['set-cookie']).toBeUndefined();
    expect(page.body).toContain(`${LISTING_BEACON_ATTRIBUTE}="${row.hash}"`);
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/fsbo-listing/preview?property=${property.hash}`,
      headers: { cookie: seller.cookie },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('<strong>Preview</strong>');
    expect(preview.body).not.toContain(LISTING_BEACON_ATTRIBUTE);
  });
});

describe('days, salts and visitor hashes', () => {
  it("counts on the listing's local day and forgets the day's salt and visitors once it ends", async () => {
    const { property, listing: row } = await listing();
    const svc = t.app.listingAnalytics;
    const visitor = { ip: '203.0.113.50', userAgent: CHROME };
    // 03:30 UTC on 4 June is 22:30 on 3 June in Chicago (CDT, UTC−5).
    const lateEvening = new Date('2025-06-04T03:30:00Z');
    await svc.recordView({ id: row.id, state: row.state }, visitor, lateEvening);
    await svc.recordView({ id: row.id, state: row.state }, visitor, lateEvening);
    let kept = await t.app.listingAnalyticsRepo.kept();
    expect(kept.salts).toContainEqual({ timeZone: 'America/Chicago', day: '2025-06-03' });

    // 23:59 in Chicago: the day has not ended there, so nothing is forgotten.
    await svc.endPastDays(new Date('2025-06-04T04:59:00Z'));
    kept = await t.app.listingAnalyticsRepo.kept();
    expect(kept.salts).toContainEqual({ timeZone: 'America/Chicago', day: '2025-06-03' });

    // 00:30 the next day there: the salt and the visitor hashes of 3 June are gone.
    await svc.endPastDays(new Date('2025-06-04T05:30:00Z'));
    kept = await t.app.listingAnalyticsRepo.kept();
    expect(kept.salts.filter((s) => s.day <= '2025-06-03')).toEqual([]);
    const left = await t.app.db
      .select({ day: analyticsVisitors.day })
      .from(analyticsVisitors)
      .where(lte(analyticsVisitors.day, '2025-06-03'));
    expect(left).toEqual([]);

    // The counts stay; the same visitor the next day is a new unique visitor of that day.
    await svc.recordView(
      { id: row.id, state: row.state },
      visitor,
      new Date('2025-06-04T15:00:00Z'),
    );
    const res = await analytics(property.hash, seller, '&from=2025-06-03&to=2025-06-04');
    expect(res.json().days).toEqual([
      expect.objectContaining({ day: '2025-06-03', ViewCount: 2, UniqueVisitorCount: 1 }),
      expect.objectContaining({ day: '2025-06-04', ViewCount: 1, UniqueVisitorCount: 1 }),
    ]);
  });

  it('counts inquiries, showing requests, texts and gallery opens exactly, also when racing', async () => {
    const { property, listing: row } = await listing();
    const at = new Date('2025-07-10T17:00:00Z');
    await Promise.all(
      Array.from({ length: 20 }, () => t.app.listingAnalytics.count(row.id, 'InquiryCount', at)),
    );
    await t.app.listingAnalytics.count(row.id, 'ShowingRequestedCount', at);
    await t.app.listingAnalytics.count(row.id, 'TextCount', at);
    await t.app.listingAnalytics.count(row.id, 'TextCount', at);
    await t.app.listingAnalytics.count(row.id, 'PhotoGalleryCount', at);
    // A count for a listing that does not exist is ignored.
    await t.app.listingAnalytics.count(2_000_000_000, 'InquiryCount', at);
    const res = await analytics(property.hash, seller, '&from=2025-07-10&to=2025-07-10');
    expect(res.json().days[0]).toEqual({
      day: '2025-07-10',
      ViewCount: 0,
      UniqueVisitorCount: 0,
      PhotoGalleryCount: 1,
      InquiryCount: 20,
      ShowingRequestedCount: 1,
      TextCount: 2,
    });
    expect(LISTING_ANALYTICS_COUNTABLE).toEqual([
      'PhotoGalleryCount',
      'InquiryCount',
      'ShowingRequestedCount',
      'TextCount',
    ]);
  });
});

describe('the owners’ daily series and CSV', () => {
  it('is the last 30 days by default, every day with zeros, and 422s a bad range', async () => {
    const { property } = await listing();
    const res = await analytics(property.hash, seller);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TListingAnalytics;
    expect(body.days).toHaveLength(30);
    expect(body.timeZone).toBe('America/Chicago');
    expect(body.weeklySummary).toBe(true);
    expect(
      (await analytics(property.hash, seller, '&from=2025-02-02&to=2025-02-01')).statusCode,
    ).toBe(422);
    expect(
      (await analytics(property.hash, seller, '&from=2024-01-01&to=2025-02-01')).statusCode,
    ).toBe(422);
    expect((await analytics(property.hash, seller, '&from=2025-02-30')).statusCode).toBe(422);
  });

  it("is a 404 for another user and for the buyer's side, and 401 signed out", async () => {
    const { property } = await listing();
    await addReader(t.app.db, property.id, buyer.userId);
    expect((await analytics(property.hash, stranger)).statusCode).toBe(404);
    expect((await analytics(property.hash, buyer)).statusCode).toBe(404);
    const csv = await t.app.inject({
      method: 'GET',
      url: `${LISTING_ANALYTICS_API.export}?property=${property.hash}`,
      headers: { cookie: stranger.cookie },
    });
    expect(csv.statusCode).toBe(404);
    const anon = await t.app.inject({
      method: 'GET',
      url: `${LISTING_ANALYTICS_API.analytics}?property=${property.hash}`,
    });
    expect(anon.statusCode).toBe(401);
  });

  it('downloads the same days and figures as CSV', async () => {
    const { property, listing: row } = await listing();
    await t.app.listingAnalytics.recordView(
      { id: row.id, state: row.state },
      { ip: '203.0.113.9', userAgent: CHROME },
      new Date('2025-08-02T15:00:00Z'),
    );
    await t.app.listingAnalytics.count(row.id, 'InquiryCount', new Date('2025-08-03T15:00:00Z'));
    const res = await t.app.inject({
      method: 'GET',
      url: `${LISTING_ANALYTICS_API.export}?property=${property.hash}&from=2025-08-01&to=2025-08-03`,
      headers: { cookie: seller.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(
      'listing-analytics-2025-08-01-to-2025-08-03.csv',
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      `Day,${Object.values(LISTING_ANALYTICS_LABELS).join(',')}`,
      '2025-08-01,0,0,0,0,0,0',
      '2025-08-02,1,1,0,0,0,0',
      '2025-08-03,0,0,0,1,0,0',
    ]);
  });
});

/** The summary mails queued for a listing. */
async function summaryMails(row: Listing) {
  const found = await t.app.db
    .select({ payload: jobs.payload, key: jobs.dedupeKey })
    .from(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), like(jobs.dedupeKey, `listing-summary:${row.hash}:%`)));
  return found;
}

describe('the weekly summary mail', () => {
  // Monday 9 June 2025, 08:00 in Chicago: the week summed is 2–8 June.
  const MONDAY = new Date('2025-06-09T13:00:00Z');

  it('goes to the owners with RFC 8058 headers and the postal address, once a week', async () => {
    const { listing: row } = await listing();
    await t.app.listingAnalytics.recordView(
      { id: row.id, state: row.state },
      { ip: '203.0.113.70', userAgent: CHROME },
      new Date('2025-06-05T15:00:00Z'),
    );
    await t.app.listingAnalytics.count(row.id, 'InquiryCount', new Date('2025-06-08T15:00:00Z'));
    // Before 6 am on Monday nothing goes out for the week just ended.
    await t.app.listingAnalytics.sendWeeklySummaries(new Date('2025-06-09T10:00:00Z'));
    expect(await summaryMails(row)).toHaveLength(0);

    await t.app.listingAnalytics.sendWeeklySummaries(MONDAY);
    await t.app.listingAnalytics.sendWeeklySummaries(new Date('2025-06-09T14:00:00Z'));
    const queued = await summaryMails(row);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.key).toBe(`listing-summary:${row.hash}:2025-06-02:${seller.email}`);

    await t.app.outbox.deliverDue();
    const mail = await smtp.waitFor(seller.email, 5000, (m) =>
      m.raw.includes(`Subject: ${row.streetAddress}: 1 page view last week`),
    );
    const raw = mail.raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' ');
    const link = /List-Unsubscribe: <([^>]+)>/.exec(raw)?.[1];
    expect(link).toMatch(
      new RegExp(`^${ORIGIN}${LISTING_SUMMARY_UNSUBSCRIBE_PATH}\\?token=[A-Za-z0-9_.%-]+$`),
    );
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain(POSTAL);
    expect(raw).toContain('June 2 to June 8, 2025');
    expect(raw).toMatch(/Page views: 1/);
    expect(raw).toMatch(/Questions: 1/);
  });

  it('skips a week with nothing in it, and listings not on the market', async () => {
    const { listing: quiet } = await listing();
    const { listing: sold } = await listing();
    await t.app.listingAnalytics.count(sold.id, 'InquiryCount', new Date('2025-06-04T15:00:00Z'));
    await t.app.db.update(listings).set({ status: 'sold' }).where(eq(listings.id, sold.id));
    await t.app.listingAnalytics.sendWeeklySummaries(MONDAY);
    expect(await summaryMails(quiet)).toHaveLength(0);
    expect(await summaryMails(sold)).toHaveLength(0);
  });

  it('sends no marketing mail without BUSINESS_POSTAL_ADDRESS, and says why once', async () => {
    const warn = vi.fn();
    const service = createListingAnalytics({
      repo: t.app.listingAnalyticsRepo,
      jobs: t.app.jobs,
      secret: t.app.config.sessionSecret,
      brand: { siteName: 'Lantern', supportPhone: '1', publicUrl: ORIGIN },
      postalAddress: undefined,
      log: { info: vi.fn(), warn },
    });
    const { listing: row } = await listing();
    await service.recordView(
      { id: row.id, state: row.state },
      { ip: '203.0.113.90', userAgent: CHROME },
      new Date('2025-06-04T15:00:00Z'),
    );
    expect(await service.sendWeeklySummaries(MONDAY)).toBe(0);
    expect(await service.sendWeeklySummaries(MONDAY)).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('BUSINESS_POSTAL_ADDRESS');
    expect(await summaryMails(row)).toHaveLength(0);
  });
});

describe('the weekly summary switch in the Analytics tab', () => {
  it('turns the mail off and on for the signed-in owner only', async () => {
    const { property } = await listing();
    const put = (who: SignedIn, weeklySummary: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: LISTING_ANALYTICS_API.summaryMail,
        headers: { ...BROWSER, cookie: who.cookie },
        payload: { property: property.hash, weeklySummary },
      });
    expect((await put(stranger, false)).statusCode).toBe(404);
    const off = await put(seller, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ weeklySummary: false });
    expect((await analytics(property.hash, seller)).json().weeklySummary).toBe(false);
    expect((await put(seller, true)).json()).toEqual({ weeklySummary: true });
    expect((await analytics(property.hash, seller)).json().weeklySummary).toBe(true);
  });
});
