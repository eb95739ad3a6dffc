import { MESSAGES, SITE_TRUST_TEXTS } from '@lantern/contracts';
import { auditLog, listings, staffRoles } from '@lantern/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Admin → Trust and notices (issue 45; docs/decisions/080): staff with "Manage trust and notices"
 * add state notices and review ratings, each change logged; the footer of every page (a kept
 * page and a data page alike) shows the change at the next visit; nothing is shown that staff
 * did not configure, and the homes-listed counter only from its floor.
 */
let t: TestApp;
let manager: SignedIn;
let support: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.db.insert(staffRoles).values({
    key: 'site',
    name: 'Site',
    description: '',
    permissions: ['site.manage'],
  });
  manager = await signUpUser(t.app, 'st-manager');
  await giveStaffRole(t.app, manager.userId, 'site');
  support = await signUpUser(t.app, 'st-support');
  await giveStaffRole(t.app, support.userId, 'support');
  customer = await signUpUser(t.app, 'st-customer');
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
const page = async (path: string) => {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** The footer's text, tags and spaces folded. */
const footer = async (path: string) => {
  const html = await page(path);
  const part = html.slice(html.indexOf('<footer'));
  return part
    .replace(/<span class="ln-visually-hidden[^"]*"[^>]*>[^<]*<\/span>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
};
const entries = (recordType: string, recordId: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.recordType, recordType), eq(auditLog.recordId, recordId)))
    .orderBy(auditLog.id);

const TEXAS = {
  state: 'tx',
  label: 'Information About Brokerage Services',
  url: 'https://example.org/iabs.pdf',
};
// A kept page (rendered once per process) and a data page (rendered at each visit).
const KEPT = '/newsletter';
const DATA = '/';

describe('who may read and change', () => {
  it('lets any staff member read, and refuses customers and the signed-out', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/admin/site-trust',
      headers: { cookie: support.cookie },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ notices: [], reviews: [], homesListed: { count: 0, floor: 100 } });
    const no = await t.app.inject({
      method: 'GET',
      url: '/api/admin/site-trust',
      headers: { cookie: customer.cookie },
    });
    expect(no.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/site-trust' })).statusCode).toBe(
      401,
    );
  });

  it('refuses a change from staff without "Manage trust and notices"', async () => {
    const res = await send('POST', '/api/admin/site-trust/notices', support, TEXAS);
    expect(res.statusCode).toBe(403);
  });
});

describe('the footer before anything is configured', () => {
  it('shows the Equal Housing Opportunity mark and our sentence, and no invented figure', async () => {
    for (const path of [KEPT, DATA]) {
      const html = await page(path);
      expect(html).toMatch(/<svg class="equal-housing__mark[^>]*aria-hidden="true"/);
      const text = await footer(path);
      expect(text).toContain('Equal Housing Opportunity');
      expect(text).toContain('We follow the federal Fair Housing Act');
      expect(text).not.toMatch(/Rated|homes listed|State notices|Texas:/);
    }
  });
});

describe('state notices', () => {
  it('refuses bad fields in the user’s words', async () => {
    const res = await send('POST', '/api/admin/site-trust/notices', manager, {
      state: 'ZZ',
      label: '',
      url: '//evil.example/iabs',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      state: [SITE_TRUST_TEXTS.state],
      label: [SITE_TRUST_TEXTS.label],
      url: [SITE_TRUST_TEXTS.noticeUrl],
    });
    const http = await send('POST', '/api/admin/site-trust/notices', manager, {
      ...TEXAS,
      url: 'http://example.org/iabs.pdf',
    });
    expect(http.json().errors).toEqual({ url: [SITE_TRUST_TEXTS.noticeUrl] });
  });

  it('adds, changes and removes a notice; every page’s footer follows at once', async () => {
    // Rendered and kept before the change: the change must drop it.
    await footer(KEPT);
    expect(await footer(KEPT)).not.toContain('Texas:');

    const made = await send('POST', '/api/admin/site-trust/notices', manager, TEXAS);
    expect(made.statusCode).toBe(201);
    const notice = made.json();
    expect(notice).toMatchObject({ state: 'TX', stateName: 'Texas', position: 0 });
    const cpn = await send('POST', '/api/admin/site-trust/notices', manager, {
      state: 'TX',
      label: 'Consumer Protection Notice',
      url: '/legal/texas-consumer-protection-notice',
      position: 1,
    });
    expect(cpn.statusCode).toBe(201);
    for (const path of [KEPT, DATA])
      expect(await footer(path)).toContain(
        'Texas: Information About Brokerage Services · Consumer Protection Notice',
      );
    const html = await page(KEPT);
    expect(html).toContain('href="https://example.org/iabs.pdf" rel="noopener" target="_blank"');
    expect(html).toMatch(/href="\/legal\/texas-consumer-protection-notice"(?! rel| target)/);

    const changed = await send('PUT', `/api/admin/site-trust/notices/${notice.id}`, manager, {
      ...TEXAS,
      label: 'Information About Brokerage Services (IABS)',
      position: 2,
    });
    expect(changed.statusCode).toBe(200);
    expect(await footer(KEPT)).toContain(
      'Texas: Consumer Protection Notice · Information About Brokerage Services (IABS)',
    );

    const gone = await send('DELETE', `/api/admin/site-trust/notices/${notice.id}`, manager);
    expect(gone.statusCode).toBe(204);
    expect(await footer(DATA)).not.toContain('Information About Brokerage Services');
    const log = await entries('state-notice', String(notice.id));
    expect(log.map((e) => e.action)).toEqual([
      'state-notice.create',
      'state-notice.update',
      'state-notice.delete',
    ]);
    expect(log[1]?.before).toMatchObject({ label: TEXAS.label });
    expect(log[1]?.after).toMatchObject({ label: 'Information About Brokerage Services (IABS)' });
    await send('DELETE', `/api/admin/site-trust/notices/${cpn.json().id}`, manager);
    expect(await footer(KEPT)).not.toContain('Texas:');
  });

  it('answers 404 for a notice that does not exist', async () => {
    const put = await send('PUT', '/api/admin/site-trust/notices/999999', manager, TEXAS);
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(MESSAGES.notFound);
    const del = await send('DELETE', '/api/admin/site-trust/notices/999999', manager);
    expect(del.statusCode).toBe(404);
  });
});

describe('review ratings', () => {
  const GOOGLE = {
    source: 'Google',
    ratingTenths: 48,
    reviewCount: 1234,
    url: 'https://example.org/reviews',
  };

  it('refuses figures that are not real ratings, and a source without https', async () => {
    const res = await send('POST', '/api/admin/site-trust/reviews', manager, {
      source: ' ',
      ratingTenths: 51,
      reviewCount: 0,
      url: 'http://example.org/reviews',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      source: [SITE_TRUST_TEXTS.source],
      ratingTenths: [SITE_TRUST_TEXTS.rating],
      reviewCount: [SITE_TRUST_TEXTS.reviewCount],
      url: [SITE_TRUST_TEXTS.reviewUrl],
    });
    const half = await send('POST', '/api/admin/site-trust/reviews', manager, {
      ...GOOGLE,
      ratingTenths: 4.8,
    });
    expect(half.json().errors).toEqual({ ratingTenths: [SITE_TRUST_TEXTS.rating] });
  });

  it('shows a rating with its figures and a link to its source, then none once removed', async () => {
    await footer(KEPT);
    const made = await send('POST', '/api/admin/site-trust/reviews', manager, GOOGLE);
    expect(made.statusCode).toBe(201);
    const { id } = made.json();
    for (const path of [KEPT, DATA])
      expect(await footer(path)).toContain('Rated 4.8 out of 5 on Google from 1,234 reviews');
    expect(await page(KEPT)).toContain('<a href="https://example.org/reviews" rel="noopener"');

    const changed = await send('PUT', `/api/admin/site-trust/reviews/${id}`, manager, {
      ...GOOGLE,
      ratingTenths: 50,
      reviewCount: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(await footer(KEPT)).toContain('Rated 5.0 out of 5 on Google from 1 review');
    expect((await send('DELETE', `/api/admin/site-trust/reviews/${id}`, manager)).statusCode).toBe(
      204,
    );
    expect(await footer(KEPT)).not.toContain('Rated');
    expect((await entries('review-rating', String(id))).map((e) => e.action)).toEqual([
      'review-rating.create',
      'review-rating.update',
      'review-rating.delete',
    ]);
  });
});

describe('homes listed', () => {
  it('says nothing below the floor of 100 listings ever published', async () => {
    expect(await footer(DATA)).not.toContain('homes listed');
  });
});

describe('homes listed from the floor up', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await buildTestApp();
    // One published, the rest published once and taken down (a slug stays): all count.
    await own.app.db.insert(listings).values(
      Array.from({ length: 100 }, (_, i) => ({
        hash: `trust${i}`,
        streetAddress: `${i + 1} Main St`,
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        slug: `${i + 1}-main-st-trust${i}`,
        publishedAt: i === 0 ? new Date() : null,
      })),
    );
  });
  afterAll(() => own?.close());

  it('names the count of homes ever listed with us once it reaches 100', async () => {
    const res = await own.app.inject({
      method: 'GET',
      url: KEPT,
      headers: { accept: 'text/html' },
    });
    expect(res.body).toContain('100 homes listed with us');
  });
});
