import { auditLog, closedSales, jobs, orders, properties } from '@lantern/db';
import { todayUtc } from '@lantern/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CENTRE } from '../../../packages/valuation/src/test-market.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { mailsTo } from './helpers/mls-listing-fixtures.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { recentMarket } from './helpers/sales-fixtures.ts';

/**
 * Issue 38: Free Comps, the Comps Report and the Home Value Report are offered only where the
 * data can make them, and deliver what they promise — or refund.
 */
let t: TestApp;
let alice: SignedIn;
let mallory: SignedIn;
const API = '/api/dashboard/valuation';

async function placedHome(user: SignedIn, lat: number, lng: number, precision = 'rooftop') {
  const p = await addProperty(t.app, user.userId, 'seller', {
    state: 'WA',
    county: 'King County',
    street: '1420 E Pike St',
  });
  await t.app.db
    .update(properties)
    .set({ lat, lng, positionPrecision: precision as 'rooftop' })
    .where(eq(properties.id, p.id));
  return p;
}

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: SignedIn, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

const FACTS = {
  bedrooms: 3,
  bathrooms: 2,
  livingArea: 2000,
  lotSizeSquareFeet: 5000,
  yearBuilt: 1990,
  condition: null,
};

async function order(who: SignedIn, property: string, product: string) {
  const res = await call('POST', '/api/dashboard/orders', who, { property, product });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { hash: string; invoice: string | null };
}

async function pay(invoice: string, cents: number) {
  const paid = await t.app.paymentService.record(alice.userId, invoice, {
    amountCents: cents,
    method: 'check',
    reference: `chk-${invoice.slice(0, 6)}`,
    receivedOn: todayUtc(),
  });
  expect(paid.ok).toBe(true);
}

/**
 * The Valuation page once no report is being prepared: the job runs here, or already ran in the
 * background (a paid invoice queues it, and the runner takes it at once on PostgreSQL).
 */
async function madeFor(property: string) {
  for (let i = 0; i < 100; i++) {
    await t.app.jobs.runDue(['valuation.report']);
    const page = (await call('GET', `${API}?property=${property}`, alice)).json();
    if (!page.reports.some((r: { status: string }) => r.status === 'preparing')) return page;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the report was never made');
}

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'val-alice');
  mallory = await signUpUser(t.app, 'val-mallory');
  const sales = recentMarket();
  // Half the sales may be shown (county records), half only feed the model (an MLS licence).
  await t.app.closedSales.insertMany(
    sales.filter((_, i) => i % 2 === 0),
    { source: 'file:records', priceDisplay: 'public', attribution: 'County records' },
  );
  await t.app.closedSales.insertMany(
    sales.filter((_, i) => i % 2 === 1),
    { source: 'file:mls', priceDisplay: 'model_only', attribution: 'An MLS' },
  );
  await t.app.closedSales.refreshCoverage(todayUtc());
});
afterAll(() => t.close());

describe('what is offered', () => {
  it('offers every valuation product for a home placed by its street address inside coverage', async () => {
    const p = await placedHome(alice, CENTRE.lat, CENTRE.lng);
    const res = await call('GET', `/api/dashboard/services-for-property?property=${p.hash}`, alice);
    expect(res.json()).toMatchObject({
      'free-comps': true,
      comps: true,
      'home-value-report': true,
    });
    expect((await call('GET', `${API}?property=${p.hash}`, alice)).json().unoffered).toBeNull();
  });

  it('offers none, and says why, far from any sale or placed only by ZIP code', async () => {
    const far = await placedHome(alice, 47.2, -121.5);
    const zipOnly = await placedHome(alice, CENTRE.lat, CENTRE.lng, 'zip');
    for (const [p, why] of [
      [far, 'coverage'],
      [zipOnly, 'position'],
    ] as const) {
      const offered = await call(
        'GET',
        `/api/dashboard/services-for-property?property=${p.hash}`,
        alice,
      );
      expect(offered.json()).toMatchObject({
        'free-comps': false,
        comps: false,
        'home-value-report': false,
      });
      expect((await call('GET', `${API}?property=${p.hash}`, alice)).json().unoffered).toBe(why);
      const refused = await call('POST', '/api/dashboard/orders', alice, {
        property: p.hash,
        product: 'comps',
      });
      expect(refused.statusCode).toBe(422);
    }
  });
});

describe('Free Comps', () => {
  it('shows up to 8 comparables whose prices may be shown, at once, and refreshes from corrected facts', async () => {
    const p = await placedHome(alice, CENTRE.lat, CENTRE.lng);
    const saved = await call('PUT', `${API}/facts`, alice, { property: p.hash, facts: FACTS });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().facts).toEqual(FACTS);
    await order(alice, p.hash, 'free-comps');
    const page = (await call('GET', `${API}?property=${p.hash}`, alice)).json();
    expect(page.reports).toHaveLength(1);
    expect(page.reports[0]).toMatchObject({ product: 'free-comps', status: 'ready', pdf: false });
    const report = (await call('GET', `${API}/reports/${page.reports[0].hash}`, alice)).json();
    expect(report.comparables.length).toBeGreaterThan(2);
    expect(report.comparables.length).toBeLessThanOrEqual(8);
    for (const c of report.comparables) {
      expect(c.price).toBeGreaterThan(0);
      expect(c.attribution).toBe('County records');
      expect(c.place).toMatch(/^Parcel P\d+/);
      expect(c.adjustments).toBeNull();
    }
    expect(report.estimate).toBeNull();
    expect(report.disclaimer.fixed).toContain('not prepared by a licensed appraiser');

    const again = await call('POST', `${API}/reports/${report.hash}/regenerate`, alice);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().report).toMatchObject({ version: 2, status: 'ready' });
    // Its activity row was written with it, before the answer.
    const [logged] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, again.json().report.hash));
    expect(logged).toMatchObject({
      action: 'valuation.regenerate',
      actorId: alice.userId,
      after: { version: 2, from: report.hash },
    });
  });

  it('refuses facts out of bounds in words, keeping what was stored', async () => {
    const p = await placedHome(alice, CENTRE.lat, CENTRE.lng);
    await call('PUT', `${API}/facts`, alice, { property: p.hash, facts: FACTS });
    const bad = await call('PUT', `${API}/facts`, alice, {
      property: p.hash,
      facts: { ...FACTS, livingArea: 50, bathrooms: 2.3 },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().errors)).toContain('living area');
    const page = (await call('GET', `${API}?property=${p.hash}`, alice)).json();
    expect(page.facts).toEqual(FACTS);
  });
});

describe('the paid reports', () => {
  it('makes the Home Value Report when paid: estimate, comparables, trend, accuracy, PDF and mail', async () => {
    const p = await placedHome(alice, CENTRE.lat, CENTRE.lng);
    await call('PUT', `${API}/facts`, alice, { property: p.hash, facts: FACTS });
    const placed = await order(alice, p.hash, 'home-value-report');
    expect((await call('GET', `${API}?property=${p.hash}`, alice)).json().reports).toHaveLength(0);
    await pay(placed.invoice as string, 4900);
    const page = await madeFor(p.hash);
    const [summary] = page.reports;
    expect(summary).toMatchObject({
      product: 'home-value-report',
      status: 'ready',
      pdf: true,
      canRegenerate: true,
    });
    const report = (await call('GET', `${API}/reports/${summary.hash}`, alice)).json();
    expect(report.estimate.value).toBeGreaterThan(100_000);
    expect(report.estimate.low).toBeLessThan(report.estimate.value);
    expect(report.comparables.length).toBeGreaterThan(2);
    // A model-only comparable keeps its facts; its price and dollar adjustments are withheld.
    const withheld = report.comparables.filter((c: { price: number | null }) => c.price === null);
    const shown = report.comparables.filter((c: { price: number | null }) => c.price !== null);
    expect(withheld.length).toBeGreaterThan(0);
    for (const c of withheld) expect(c.adjustments).toBeNull();
    for (const c of shown) expect(c.adjustedPrice).toBeGreaterThan(0);
    expect(report.trend.length).toBeGreaterThan(6);
    expect(report.accuracy[0].sales).toBeGreaterThanOrEqual(5);
    const pdf = await call('GET', `${API}/reports/${summary.hash}/pdf`, alice);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain('1420 E Pike St');
    expect(text).toContain(report.disclaimer.fixed);
    expect(text).toContain('How accurate our estimates have been here');
    expect(text).not.toMatch(/appraised|market value|broker price opinion/i);
    expect(await mailsTo(t.app, alice.email)).toContain(
      'Your Home Value Report for 1420 E Pike St is ready',
    );
    // One regeneration from corrected facts; a second is refused in words.
    await call('PUT', `${API}/facts`, alice, {
      property: p.hash,
      facts: { ...FACTS, livingArea: 2600 },
    });
    const again = await call('POST', `${API}/reports/${summary.hash}/regenerate`, alice);
    expect(again.statusCode, again.body).toBe(201);
    await madeFor(p.hash);
    const v2 = (await call('GET', `${API}/reports/${again.json().report.hash}`, alice)).json();
    expect(v2).toMatchObject({ version: 2, status: 'ready', canRegenerate: false });
    expect(v2.facts.livingArea).toBe(2600);
    expect(v2.estimate.value).toBeGreaterThan(report.estimate.value);
    const third = await call('POST', `${API}/reports/${v2.hash}/regenerate`, alice);
    expect(third.statusCode).toBe(409);
    // The first version is kept as it was.
    const v1 = (await call('GET', `${API}/reports/${summary.hash}`, alice)).json();
    expect(v1.estimate.value).toBe(report.estimate.value);
  });

  it('refunds, alerts staff and tells the customer when coverage is gone by the time it is made', async () => {
    const p = await placedHome(alice, CENTRE.lat, CENTRE.lng);
    await call('PUT', `${API}/facts`, alice, { property: p.hash, facts: FACTS });
    const placed = await order(alice, p.hash, 'comps');
    // The sales stop counting (as a year passing would) between the payment and the job.
    await t.app.db.execute(sql`update ${closedSales} set close_date = close_date - 800`);
    await t.app.closedSales.refreshCoverage(todayUtc());
    try {
      await pay(placed.invoice as string, 2900);
      const page = await madeFor(p.hash);
      expect(page.reports[0]).toMatchObject({ product: 'comps', status: 'refunded', pdf: false });
      const invoice = await t.app.invoices.find(placed.invoice as string);
      expect(invoice?.refundedCents).toBe(2900);
      const alerts = await t.app.payments.alerts(invoice?.id as number);
      expect(alerts[0]?.kind).toBe('undeliverable');
      expect(await mailsTo(t.app, alice.email)).toContain(
        'We refunded your Comps Report for 1420 E Pike St',
      );
    } finally {
      await t.app.db.execute(sql`update ${closedSales} set close_date = close_date + 800`);
      await t.app.closedSales.refreshCoverage(todayUtc());
    }
  });
});

describe('the sweep', () => {
  it('makes a paid report whose job was never queued, queuing it once however often it runs', async () => {
    const p = await placedHome(alice, CENTRE.lat, CENTRE.lng);
    await call('PUT', `${API}/facts`, alice, { property: p.hash, facts: FACTS });
    const placed = await order(alice, p.hash, 'comps');
    // As if the process died between the payment's commit and queuing its job.
    const [row] = await t.app.db
      .update(orders)
      .set({ status: 'confirmed' })
      .where(eq(orders.hash, placed.hash))
      .returning({ id: orders.id });
    await t.app.jobs.runNow('valuation.sweep', {});
    await t.app.jobs.runNow('valuation.sweep', {});
    const queued = await t.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `valuation-report:${row?.id}:1`));
    expect(queued).toHaveLength(1);
    const page = await madeFor(p.hash);
    expect(page.reports[0]).toMatchObject({ product: 'comps', status: 'ready', pdf: true });
  });
});

describe('access', () => {
  it('keeps a report, its PDF and its regeneration from another customer (404)', async () => {
    const p = await placedHome(alice, CENTRE.lat, CENTRE.lng);
    await call('PUT', `${API}/facts`, alice, { property: p.hash, facts: FACTS });
    await order(alice, p.hash, 'free-comps');
    const [report] = (await call('GET', `${API}?property=${p.hash}`, alice)).json().reports;
    for (const [method, url, body] of [
      ['GET', `${API}?property=${p.hash}`, undefined],
      ['PUT', `${API}/facts`, { property: p.hash, facts: FACTS }],
      ['GET', `${API}/reports/${report.hash}`, undefined],
      ['GET', `${API}/reports/${report.hash}/pdf`, undefined],
      ['POST', `${API}/reports/${report.hash}/regenerate`, undefined],
    ] as const) {
      const res = await call(method, url, mallory, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });
});
