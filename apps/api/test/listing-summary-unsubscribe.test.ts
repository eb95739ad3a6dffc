import { LISTING_ANALYTICS_API, LISTING_SUMMARY_UNSUBSCRIBE_PATH } from '@lantern/contracts';
import { jobs, type Listing } from '@lantern/db';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_JOB } from '../src/features/mail/outbox.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';

/**
 * The weekly listing summary's unsubscribe link (issue 22; decision 042): the page is the public
 * site's, rendered on demand by the real build (apps/web/dist; `cd apps/web && pnpm build` after
 * changing the site); the POST that stops the mail is the API's and answers with that page.
 */

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
// Monday 9 June 2025, 08:00 in Chicago: the week summed is 2–8 June.
const MONDAY = new Date('2025-06-09T13:00:00Z');

let t: TestApp;
let seller: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({
    jobsPollMs: 0,
    jobsWorker: false,
    businessPostalAddress: '500 Lantern Way, Suite 2, Springfield, IL 62701',
  });
  seller = await signUpUser(t.app, 'unsubscribe-seller');
});
afterAll(() => t.close());

async function summaryMails(row: Listing) {
  return t.app.db
    .select({ payload: jobs.payload, key: jobs.dedupeKey })
    .from(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), like(jobs.dedupeKey, `listing-summary:${row.hash}:%`)));
}

describe('the weekly summary’s unsubscribe link', () => {
  it('one-click unsubscribe works without sign-in and stops the next mail', async () => {
    const owner = await signUpUser(t.app, 'analytics-owner');
    const { property, listing: row } = await publishedFsboListing(
      t.app,
      owner,
      '77 Unsubscribe Rd',
    );
    const visitor = { ip: '203.0.113.80', userAgent: CHROME };
    await t.app.listingAnalytics.recordView(
      { id: row.id, state: row.state },
      visitor,
      new Date('2025-06-04T15:00:00Z'),
    );
    await t.app.listingAnalytics.sendWeeklySummaries(MONDAY);
    expect(await summaryMails(row)).toHaveLength(1);
    const link = new URL(t.app.listingAnalytics.unsubscribeUrl(owner.hash));

    // GET only asks (a mail scanner following the link stops nothing).
    const ask = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(ask.statusCode).toBe(200);
    expect(ask.headers['set-cookie']).toBeUndefined();
    expect(ask.body).toContain(owner.email);
    expect(ask.body).toContain('<form method="post"');
    expect(ask.body).toContain('<meta name="robots" content="noindex">');
    expect(ask.body).not.toContain('<script');
    expect(ask.headers['cache-control']).toBe('no-store');
    expect(ask.headers['referrer-policy']).toBe('no-referrer');
    expect(await t.app.listingAnalyticsRepo.optedOut(owner.userId)).toBe(false);

    // A mail program's one-click POST: no cookie, no Origin, no X-Requested-With.
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.headers['set-cookie']).toBeUndefined();
    expect(oneClick.headers['cache-control']).toBe('no-store');
    expect(oneClick.body).toContain(`Done: ${owner.email} will no longer get`);
    expect(await t.app.listingAnalyticsRepo.optedOut(owner.userId)).toBe(true);
    // The link again says it is done, with no button.
    const again = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(again.body).toContain(`Done: ${owner.email}`);
    expect(again.body).not.toContain('<form');

    // The next week has visits too, but no mail goes to them.
    await t.app.listingAnalytics.recordView(
      { id: row.id, state: row.state },
      visitor,
      new Date('2025-06-11T15:00:00Z'),
    );
    await t.app.listingAnalytics.sendWeeklySummaries(new Date('2025-06-16T13:00:00Z'));
    expect(await summaryMails(row)).toHaveLength(1);

    // Their Analytics tab shows it off, and can turn it back on.
    const res = await t.app.inject({
      method: 'GET',
      url: `${LISTING_ANALYTICS_API.analytics}?property=${property.hash}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.json().weeklySummary).toBe(false);
    const on = await t.app.inject({
      method: 'PUT',
      url: LISTING_ANALYTICS_API.summaryMail,
      headers: { ...BROWSER, cookie: owner.cookie },
      payload: { property: property.hash, weeklySummary: true },
    });
    expect(on.json()).toEqual({ weeklySummary: true });
    expect(await t.app.listingAnalyticsRepo.optedOut(owner.userId)).toBe(false);
  });

  it('refuses a forged or altered token, by GET and by POST', async () => {
    const link = new URL(t.app.listingAnalytics.unsubscribeUrl(seller.hash));
    const token = link.searchParams.get('token') ?? '';
    const forged = `${token.slice(0, -2)}xx`;
    const url = `${LISTING_SUMMARY_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(forged)}`;
    // As the mail reader's browser asks; a client that wants no HTML gets the JSON 404.
    const refused = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain('This unsubscribe link is not valid.');
    expect(
      (await t.app.inject({ method: 'GET', url: LISTING_SUMMARY_UNSUBSCRIBE_PATH })).statusCode,
    ).toBe(404);
    const post = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(404);
    expect(await t.app.listingAnalyticsRepo.optedOut(seller.userId)).toBe(false);
  });
});
