import { Writable } from 'node:stream';
import { ACCOUNT_API, CRM_TEXTS } from '@lantern/contracts';
import { auditLog, jobs, orders, taxRates } from '@lantern/db';
import { ADMIN_API, ADMIN_PAGES, MLS_LISTING_API } from '@lantern/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEFAULT_DEAL_STAGES } from '../src/features/crm/config.ts';
import {
  BROWSER,
  buildTestApp,
  createTestDatabase,
  sessionCookie,
  type TestApp,
  testConfig,
  uniqueEmail,
} from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { type HubSpotFixture, startHubSpotFixture } from './helpers/hubspot-fixture.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

/**
 * CRM sync (issue 20; docs/decisions/027-crm-sync.md): signing up, changing a profile, ordering
 * and paying enqueue `crm.sync` jobs that push contacts and deals to a local HubSpot stand-in
 * answering with HubSpot's documented responses; a push that fails is listed for staff, with
 * HubSpot's words, and a retry pushes it again.
 */
const hubspotConfig = (hs: HubSpotFixture) => ({
  hubspot: {
    token: hs.token,
    baseUrl: hs.url,
    pipeline: 'default',
    stages: DEFAULT_DEAL_STAGES,
  },
});

const PASSWORD = 'a long and unusual passphrase';
async function signUp(t: TestApp['app'], email: string): Promise<SignedIn> {
  const res = await t.inject({
    method: 'POST',
    url: '/account/sign-up',
    headers: BROWSER,
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const user = await t.users.findByEmail(email);
  if (!user) throw new Error('no user');
  return { cookie: sessionCookie(res), userId: user.id, hash: user.hash, email };
}

describe('CRM sync with HubSpot on', () => {
  let hs: HubSpotFixture;
  let t: TestApp;
  let owner: SignedIn;
  let ops: SignedIn;
  let support: SignedIn;

  beforeAll(async () => {
    hs = await startHubSpotFixture();
    // No in-process runs: each test runs the due pushes itself, so nothing races it.
    t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false, ...hubspotConfig(hs) });
    owner = await signUpUser(t.app, 'crm-owner');
    await giveStaffRole(t.app, owner.userId, 'owner');
    ops = await signUpUser(t.app, 'crm-ops');
    await giveStaffRole(t.app, ops.userId, 'operations');
    support = await signUpUser(t.app, 'crm-support');
    await giveStaffRole(t.app, support.userId, 'support');
    await run();
  });
  afterAll(async () => {
    await t.close();
    await hs.close();
  });

  const run = () => t.app.jobs.runDue(['crm.sync']);
  const jobOf = async (subject: { userId: number } | { orderId: number }) => {
    const record = await t.app.crmRecords.find(subject);
    if (!record?.jobId) return undefined;
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.id, record.jobId));
    return job;
  };
  const pendingFor = async (userId: number) =>
    (
      await t.app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(
          and(
            eq(jobs.kind, 'crm.sync'),
            eq(jobs.status, 'pending'),
            sql`${jobs.payload} = ${JSON.stringify({ customer: userId })}::jsonb`,
          ),
        )
    )[0]?.n;
  const as = (
    who: SignedIn,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers: method === 'GET' ? { cookie: who.cookie } : { ...BROWSER, cookie: who.cookie },
      ...(payload ? { payload } : {}),
    });

  it('pushes a new customer as a contact, then their profile changes to the same contact', async () => {
    const alice = await signUpUser(t.app, 'crm-alice');
    expect((await jobOf({ userId: alice.userId }))?.status).toBe('pending');
    await run();
    const record = await t.app.crmRecords.find({ userId: alice.userId });
    expect(record?.crmId).toMatch(/^\d+$/);
    expect(hs.contacts.get(record?.crmId ?? '')?.email).toBe(alice.email);
    expect((await jobOf({ userId: alice.userId }))?.status).toBe('done');

    // Two changes before the push runs ride on one job, which sends the latest.
    expect(
      (
        await as(alice, 'PATCH', ACCOUNT_API.profile, {
          name: 'Ann Marie Lee',
          phone: '+12025550123',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await as(alice, 'PATCH', ACCOUNT_API.profile, { name: 'Ann Marie Lee', phone: '' }))
        .statusCode,
    ).toBe(200);
    expect(await pendingFor(alice.userId)).toBe(1);
    await run();
    expect(hs.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/crm/v3/objects/contacts/${record?.crmId}`,
      body: {
        properties: { email: alice.email, firstname: 'Ann Marie', lastname: 'Lee', phone: '' },
      },
    });
  });

  it('leaves staff accounts out: a profile change by staff pushes nothing', async () => {
    const before = hs.requests.length;
    await as(support, 'PATCH', ACCOUNT_API.profile, { name: 'Sam Support', phone: '' });
    expect(await pendingFor(support.userId)).toBe(0);
    await run();
    expect(hs.requests.length).toBe(before);
  });

  it('pushes an order as a deal of its customer, and moves it to won when it is paid', async () => {
    const bob = await signUpUser(t.app, 'crm-bob');
    const p = await addProperty(t.app, bob.userId, 'seller', { street: '9 Deal St' });
    const placed = await as(bob, 'POST', '/api/dashboard/orders', {
      property: p.hash,
      product: 'mls-listing-state',
    });
    expect(placed.statusCode).toBe(201);
    const orderHash = placed.json().order.hash as string;
    const order = await t.app.db.query.orders.findFirst({
      where: (o, { eq: is }) => is(o.hash, orderHash),
    });
    if (!order) throw new Error('no order');
    await run();
    const contact = await t.app.crmRecords.find({ userId: bob.userId });
    const deal = await t.app.crmRecords.find({ orderId: order.id });
    expect(deal?.crmId).toMatch(/^\d+$/);
    expect(hs.deals.get(deal?.crmId ?? '')).toEqual({
      contactIds: [contact?.crmId],
      properties: {
        dealname: 'Flat Fee MLS Listing — 9 Deal St, Springfield, IL 62701',
        pipeline: 'default',
        dealstage: 'contractsent',
        amount: '149.00',
        description: `Lantern order ${orderHash}. Staff page: http://localhost:3000${ADMIN_PAGES.property(p.hash)}`,
      },
    });

    const paid = await as(ops, 'POST', ADMIN_API.invoicePayments(placed.json().order.invoice), {
      amountCents: 14_900,
      method: 'check',
      reference: '1042',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(paid.statusCode).toBe(201);
    await run();
    expect(hs.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/crm/v3/objects/deals/${deal?.crmId}`,
    });
    expect(hs.deals.get(deal?.crmId ?? '')?.properties).toMatchObject({
      dealstage: 'closedwon',
      closedate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Still one deal: the status change updated it.
    expect(
      [...hs.deals.values()].filter((d) => d.contactIds.includes(contact?.crmId ?? '')),
    ).toHaveLength(1);
  });

  it('pushes an upgrade billed on an MLS listing invoice as its own deal, won when the invoice is paid', async () => {
    const cy = await signUpUser(t.app, 'crm-cy');
    const p = await addProperty(t.app, cy.userId, 'seller', { street: '10 Upgrade St' });
    const placed = await as(cy, 'POST', '/api/dashboard/orders', {
      property: p.hash,
      product: 'mls-listing-state',
    });
    await as(cy, 'GET', `${MLS_LISTING_API.listing}?property=${p.hash}`);
    // Location and form are the listing tests' business: marked done here.
    await t.app.db.execute(
      sql`update mls_listings set completed_steps = '{location,form}' where property_id = ${p.id}`,
    );
    const upgraded = await as(cy, 'PUT', MLS_LISTING_API.services, {
      property: p.hash,
      upgrades: ['photography'],
    });
    expect(upgraded.statusCode).toBe(200);
    const photography = upgraded
      .json()
      .upgrades.find((u: { slug: string }) => u.slug === 'photography');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.hash, photography.order));
    if (!order) throw new Error('no upgrade order');
    await run();
    const deal = await t.app.crmRecords.find({ orderId: order.id });
    expect(hs.deals.get(deal?.crmId ?? '')?.properties).toMatchObject({
      dealname: 'Photography — 10 Upgrade St, Springfield, IL 62701',
      amount: '179.00',
    });
    const paid = await as(ops, 'POST', ADMIN_API.invoicePayments(placed.json().order.invoice), {
      amountCents: 14_900 + 17_900,
      method: 'check',
      reference: '1043',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(paid.statusCode).toBe(201);
    await run();
    expect(hs.deals.get(deal?.crmId ?? '')?.properties).toMatchObject({ dealstage: 'closedwon' });
  });

  it('adds the agent hours billed on an hourly representation order to its deal (decision 066)', async () => {
    const dee = await signUpUser(t.app, 'crm-dee');
    const agent = await signUpUser(t.app, 'crm-agent');
    await giveVendorKinds(t.app, agent.userId, ['agent']);
    await t.app.db.insert(taxRates).values({ state: 'IL', rateBasisPoints: 625 });
    const p = await addProperty(t.app, dee.userId, 'seller', { street: '11 Hourly St' });
    const placed = await as(dee, 'POST', '/api/dashboard/orders', {
      property: p.hash,
      product: 'seller-hourly-representation',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderHash = placed.json().order.hash as string;
    const [order] = await t.app.db.select().from(orders).where(eq(orders.hash, orderHash));
    if (!order) throw new Error('no order');
    const assigned = await as(owner, 'POST', `/api/admin/users/${agent.hash}/assignments`, {
      kind: 'agent',
      property: p.hash,
      order: orderHash,
    });
    expect(assigned.statusCode, assigned.body).toBe(201);
    await run();
    const deal = await t.app.crmRecords.find({ orderId: order.id });
    // A quoted order: nothing to count yet.
    expect(hs.deals.get(deal?.crmId ?? '')?.properties.amount).toBe('');

    for (const [day, minutes] of [
      ['2024-03-04', 90],
      ['2024-03-05', 40],
    ] as const) {
      const logged = await as(agent, 'POST', `/api/vendor/agent/properties/${p.hash}/hours`, {
        day,
        minutes,
        note: 'Work for the seller',
      });
      expect(logged.statusCode, logged.body).toBe(201);
    }
    await run();
    // Logged but not billed: still not part of the deal.
    expect(hs.deals.get(deal?.crmId ?? '')?.properties.amount).toBe('');

    const billed = await as(owner, 'POST', `/api/admin/orders/${orderHash}/bill-agent-hours`);
    expect(billed.statusCode, billed.body).toBe(201);
    expect((await jobOf({ orderId: order.id }))?.status).toBe('pending');
    await run();
    // 90 min $225.00 + 40 min $100.00 = $325.00, with IL's 6.25% tax $345.31.
    expect(billed.json().invoice.totalCents).toBe(34_531);
    expect(hs.deals.get(deal?.crmId ?? '')?.properties.amount).toBe('345.31');

    const voided = await as(owner, 'POST', ADMIN_API.invoiceVoid(billed.json().invoice.hash), {
      reason: 'Billed in error',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    await run();
    // A voided invoice no longer counts: the amount is cleared.
    expect(hs.deals.get(deal?.crmId ?? '')?.properties.amount).toBe('');
  });

  it('makes the contact again when it was deleted in HubSpot', async () => {
    const cy = await signUpUser(t.app, 'crm-deleted');
    await run();
    const record = await t.app.crmRecords.find({ userId: cy.userId });
    hs.contacts.delete(record?.crmId ?? '');
    await as(cy, 'PATCH', ACCOUNT_API.profile, { name: 'Cy Young', phone: '' });
    await run();
    const again = await t.app.crmRecords.find({ userId: cy.userId });
    expect(again?.crmId).not.toBe(record?.crmId);
    expect(hs.contacts.get(again?.crmId ?? '')).toMatchObject({
      email: cy.email,
      properties: { firstname: 'Cy', lastname: 'Young' },
    });
  });

  it('waits at least as long as HubSpot’s Retry-After after a 429', async () => {
    const dee = await signUpUser(t.app, 'crm-busy');
    hs.answerNext({
      status: 429,
      file: 'error-rate-limit.json',
      headers: { 'retry-after': '120' },
    });
    await run();
    const job = await jobOf({ userId: dee.userId });
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    // The runner alone would wait 30 s after a first failure.
    expect((job?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(115_000);
    expect(await t.app.crmRecords.find({ userId: dee.userId })).toMatchObject({
      lastErrorStatus: 429,
      lastErrorMessage: 'You have reached your secondly limit.',
    });
  });

  it('lists a push HubSpot refused, with its status and words, and pushes it again on Retry', async () => {
    const email = uniqueEmail('crm-refused');
    hs.reject.add(email);
    const eve = await signUp(t.app, email);
    await run();
    // A 400 is not retried: the same data would be refused again.
    expect(await jobOf({ userId: eve.userId })).toMatchObject({ status: 'failed', attempts: 1 });

    const list = await as(owner, 'GET', `${ADMIN_API.crmErrors}?record=customer`);
    expect(list.statusCode).toBe(200);
    const row = list.json().rows.find((r: { summary: string }) => r.summary === email);
    expect(row).toMatchObject({
      record: 'customer',
      href: ADMIN_PAGES.user(eve.hash),
      status: 400,
      attempts: 1,
      failedAt: expect.any(String),
    });
    expect(row.message).toContain(`Email address ${email} is invalid`);
    expect(
      (await as(owner, 'GET', `${ADMIN_API.crmErrors}?record=order`)).json().rows,
    ).not.toContainEqual(expect.objectContaining({ id: row.id }));
    expect(
      (await as(owner, 'GET', `${ADMIN_API.crmErrors}?search=${encodeURIComponent(email)}`)).json()
        .rows,
    ).toHaveLength(1);

    // Reading needs crm.view, retrying crm.retry: support has neither, operations neither.
    expect((await as(support, 'GET', ADMIN_API.crmErrors)).statusCode).toBe(403);
    expect((await as(ops, 'POST', ADMIN_API.crmRetry(row.id), {})).statusCode).toBe(403);

    hs.reject.delete(email);
    const retried = await as(owner, 'POST', ADMIN_API.crmRetry(row.id), {});
    expect(retried.statusCode).toBe(202);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'crm.retry'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorEmail: owner.email,
      recordType: 'user',
      recordId: eve.hash,
      before: { push: 'failed', attempts: 1, status: 400 },
    });
    await run();
    expect(await jobOf({ userId: eve.userId })).toMatchObject({ status: 'done', attempts: 2 });
    const after = await as(owner, 'GET', ADMIN_API.crmErrors);
    expect(after.json().rows.map((r: { id: number }) => r.id)).not.toContain(row.id);
    expect([...hs.contacts.values()].some((c) => c.email === email)).toBe(true);
    // Nothing failed any more: a second retry is refused.
    const again = await as(owner, 'POST', ADMIN_API.crmRetry(row.id), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(CRM_TEXTS.notFailed);
    expect((await as(owner, 'POST', ADMIN_API.crmRetry(987_654), {})).statusCode).toBe(404);
  });

  it('lists an order whose push failed, with the product and address', async () => {
    const fay = await signUpUser(t.app, 'crm-order-fail');
    await run();
    const p = await addProperty(t.app, fay.userId, 'seller', { street: '4 Refused Rd' });
    await as(fay, 'POST', '/api/dashboard/orders', {
      property: p.hash,
      product: 'mls-listing-state',
    });
    hs.answerNext({ status: 400, file: 'error-validation.json' });
    await run();
    const rows = (await as(owner, 'GET', `${ADMIN_API.crmErrors}?record=order`)).json().rows;
    expect(rows[0]).toMatchObject({
      record: 'order',
      summary: 'Flat Fee MLS Listing — 4 Refused Rd, Springfield, IL',
      href: ADMIN_PAGES.property(p.hash),
      status: 400,
    });
    const status = await as(owner, 'GET', ADMIN_API.crm);
    expect(status.json()).toEqual({ enabled: true, provider: 'HubSpot' });
  });
});

describe('CRM sync with HubSpot off (no HUBSPOT_TOKEN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  });
  afterAll(() => t.close());

  it('enqueues nothing for sign-ups, profiles or orders, and says it is off', async () => {
    const owner = await signUpUser(t.app, 'off-owner');
    await giveStaffRole(t.app, owner.userId, 'owner');
    const gus = await signUpUser(t.app, 'off-customer');
    await t.app.inject({
      method: 'PATCH',
      url: ACCOUNT_API.profile,
      headers: { ...BROWSER, cookie: gus.cookie },
      payload: { name: 'Gus', phone: '' },
    });
    const p = await addProperty(t.app, gus.userId);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/orders',
      headers: { ...BROWSER, cookie: gus.cookie },
      payload: { property: p.hash, product: 'mls-listing-state' },
    });
    expect(placed.statusCode).toBe(201);
    const [count] = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.kind, 'crm.sync'));
    expect(count?.n).toBe(0);
    expect(t.app.jobs.kinds.has('crm.sync')).toBe(false);
    const status = await t.app.inject({
      method: 'GET',
      url: ADMIN_API.crm,
      headers: { cookie: owner.cookie },
    });
    expect(status.json()).toEqual({ enabled: false, provider: 'HubSpot' });
    const list = await t.app.inject({
      method: 'GET',
      url: ADMIN_API.crmErrors,
      headers: { cookie: owner.cookie },
    });
    expect(list.json()).toEqual({ rows: [], nextCursor: null });
  });
});

describe('CRM sync and the log', () => {
  it('never writes the HubSpot token, also when HubSpot refuses it and pushes fail', async () => {
    const hs = await startHubSpotFixture({ token: 'pat-na1-the-right-token-0000' });
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const db = await createTestDatabase();
    const token = 'pat-na1-secret-token-9f8e7d6c5b4a';
    const app = await buildApp({
      config: testConfig({
        logLevel: 'trace',
        jobsPollMs: 0,
        jobsWorker: false,
        hubspot: { token, baseUrl: hs.url, pipeline: 'default', stages: DEFAULT_DEAL_STAGES },
      }),
      database: db.database,
      logger: { level: 'trace', stream },
    });
    try {
      await app.ready();
      await signUp(app, uniqueEmail('crm-log'));
      // The stand-in expects another token: 401, retried, logged as a warning.
      await app.jobs.runDue(['crm.sync']);
      hs.answerNext({ status: 400, file: 'error-validation.json' });
      await signUp(app, uniqueEmail('crm-log-failed'));
      await app.jobs.runDue(['crm.sync']);
      const log = lines.join('');
      expect(log).toContain('HubSpot answered 401');
      expect(log).toContain('job failed for good');
      expect(log).not.toContain(token);
    } finally {
      await app.close();
      await db.drop();
      await hs.close();
    }
  });
});
