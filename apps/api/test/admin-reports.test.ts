import { REPORT_TEXTS, type TRevenueReport } from '@lantern/contracts';
import { auditLog, invoices, orders, payments, products, refunds } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMonths,
  monthIn,
  monthsBetween,
  reportRange,
} from '../src/features/staff/reports/months.ts';
import { createReportService } from '../src/features/staff/reports/reports.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Admin → Reports (issue 20; docs/decisions/029-reports.md). Known invoices, payments, refunds
 * and a void, placed at instants either side of month boundaries in New York, and the sums the
 * report must give for them.
 */
const ZONE = 'America/New_York';
let t: TestApp;
let owner: SignedIn;
let marketing: SignedIn;
let support: SignedIn;
let customer: SignedIn;
const M = 'mls-listing-state';
const L = 'lockbox-rental';
const Q = 'seller-flat-fee-representation';
const names: Record<string, string> = {};

const get = (url: string, who: SignedIn | null) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const post = (url: string, payload: object, who: SignedIn) =>
  t.app.inject({ method: 'POST', url, headers: { ...BROWSER, cookie: who.cookie }, payload });

let street = 0;
/** A new property of the customer's with one order of `product`; its invoice hash, if any. */
async function order(product: string): Promise<{ order: string; invoice: string | null }> {
  street += 1;
  const p = await addProperty(t.app, customer.userId, 'seller', { street: `${street} Report Rd` });
  const res = await post('/api/dashboard/orders', { property: p.hash, product }, customer);
  expect(res.statusCode).toBe(201);
  return { order: res.json().order.hash, invoice: res.json().order.invoice ?? null };
}

/** Put an order (and its invoice) at a moment in the past. */
async function placedAt(o: { order: string; invoice: string | null }, iso: string) {
  const at = new Date(iso);
  await t.app.db.update(orders).set({ createdAt: at }).where(eq(orders.hash, o.order));
  if (o.invoice)
    await t.app.db.update(invoices).set({ issuedAt: at }).where(eq(invoices.hash, o.invoice));
}

async function pay(invoice: string, amountCents: number, receivedOn: string): Promise<string> {
  const res = await post(
    ADMIN_API.invoicePayments(invoice),
    { amountCents, method: 'check', reference: `chk-${receivedOn}`, receivedOn },
    owner,
  );
  expect(res.statusCode).toBe(201);
  const made = res.json().payments as Array<{ hash: string; receivedOn: string }>;
  return made[made.length - 1]?.hash ?? '';
}

async function refund(invoice: string, payment: string, amountCents: number, iso: string) {
  const res = await post(
    ADMIN_API.invoiceRefunds(invoice),
    { payment, amountCents, reason: 'Test refund' },
    owner,
  );
  expect(res.statusCode).toBe(201);
  const [row] = await t.app.db
    .select({ id: refunds.id })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.hash, payment));
  await t.app.db
    .update(refunds)
    .set({ createdAt: new Date(iso) })
    .where(eq(refunds.id, row?.id ?? 0));
}

/**
 * A card payment as the Stripe webhook leaves it (decision 020): dated by the database's
 * `current_date` (UTC) at the moment it was recorded. Written directly so its moment can be set.
 */
async function cardPayment(invoice: string, amountCents: number, iso: string) {
  const [inv] = await t.app.db
    .select({ id: invoices.id, orderId: invoices.orderId })
    .from(invoices)
    .where(eq(invoices.hash, invoice));
  if (!inv) throw new Error('no invoice');
  await t.app.db.insert(payments).values({
    hash: `card-${invoice}`,
    invoiceId: inv.id,
    amountCents,
    method: 'card',
    reference: `pi_${invoice}`,
    providerRef: `pi_${invoice}`,
    receivedOn: iso.slice(0, 10),
    createdAt: new Date(iso),
  });
  await t.app.db
    .update(invoices)
    .set({ paidCents: amountCents, status: 'paid', paidAt: new Date(iso) })
    .where(eq(invoices.id, inv.id));
  await t.app.db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, inv.orderId));
}

beforeAll(async () => {
  t = await buildTestApp({ businessTimeZone: ZONE });
  owner = await signUpUser(t.app, 'rep-owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
  marketing = await signUpUser(t.app, 'rep-marketing');
  await giveStaffRole(t.app, marketing.userId, 'marketing');
  support = await signUpUser(t.app, 'rep-support');
  await giveStaffRole(t.app, support.userId, 'support');
  customer = await signUpUser(t.app, 'rep-customer');
  for (const p of await t.app.db
    .select({ slug: products.slug, name: products.name })
    .from(products)
    .where(inArray(products.slug, [M, L, Q])))
    names[p.slug] = p.name;

  // A: $149 listing issued mid-January; $100 on 20 Jan, $49 on 3 Feb; $30 of the first refunded
  // at 03:00 UTC on 1 Feb, which is 22:00 on 31 Jan in New York: January's.
  const a = await order(M);
  await placedAt(a, '2023-01-15T17:00:00Z');
  const aFirst = await pay(a.invoice ?? '', 10_000, '2023-01-20');
  await pay(a.invoice ?? '', 4_900, '2023-02-03');
  await refund(a.invoice ?? '', aFirst, 3_000, '2023-02-01T03:00:00Z');

  // B: a lockbox in Illinois at 6.25 %: $39 + $2.44 tax + the $100 deposit = $141.44, paid by
  // check in February; the deposit refunded in March.
  const taxIllinois = async (rateBasisPoints: number) =>
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: ADMIN_API.taxRate('IL'),
          headers: { ...BROWSER, cookie: owner.cookie },
          payload: { rateBasisPoints },
        })
      ).statusCode,
    ).toBe(200);
  await taxIllinois(625);
  const b = await order(L);
  await taxIllinois(0);
  await placedAt(b, '2023-02-10T15:00:00Z');
  const bPaid = await pay(b.invoice ?? '', 14_144, '2023-02-12');
  await refund(b.invoice ?? '', bPaid, 10_000, '2023-03-15T15:00:00Z');

  // C: issued in February and voided: never revenue; its order is cancelled.
  const c = await order(M);
  await placedAt(c, '2023-02-20T15:00:00Z');
  expect((await post(ADMIN_API.invoiceVoid(c.invoice ?? ''), {}, owner)).statusCode).toBe(200);

  // F: paid by card at 04:00 UTC on 1 March (23:00 on 28 February in New York).
  const f = await order(M);
  await placedAt(f, '2023-02-25T15:00:00Z');
  await cardPayment(f.invoice ?? '', 14_900, '2023-03-01T04:00:00Z');

  // D: issued at 02:00 UTC on 1 April, 22:00 on 31 March in New York; still open.
  const d = await order(M);
  await placedAt(d, '2023-04-01T02:00:00Z');

  // E: issued at 04:00 UTC on 1 December 2022, still 30 November in New York: outside the range.
  const e = await order(M);
  await placedAt(e, '2022-12-01T04:00:00Z');

  // Q: a request for an agent: an order without an invoice, in January.
  const q = await order(Q);
  expect(q.invoice).toBeNull();
  await placedAt(q, '2023-01-05T15:00:00Z');
});
afterAll(() => t.close());

const RANGE = '?from=2022-12&to=2023-04';
const zero = {
  invoices: 0,
  invoicedCents: 0,
  taxCents: 0,
  depositCents: 0,
  paymentsCents: 0,
  refundsCents: 0,
  collectedCents: 0,
};

describe('revenue by product and month', () => {
  it('sums invoiced and collected money in New York months, every month and product shown', async () => {
    const res = await get(`${ADMIN_API.reportRevenue}${RANGE}`, support);
    expect(res.statusCode).toBe(200);
    const report = res.json() as TRevenueReport;
    expect(report).toMatchObject({ from: '2022-12', to: '2023-04', timeZone: ZONE });
    expect(report.months).toEqual(['2022-12', '2023-01', '2023-02', '2023-03', '2023-04']);
    // By name; the agent request has no invoice and so no revenue.
    expect(report.products.map((p) => p.slug).sort()).toEqual([L, M].sort());
    expect(report.cells).toHaveLength(10);
    const cell = (month: string, product: string) =>
      report.cells.find((c) => c.month === month && c.product === product);

    expect(cell('2022-12', M)).toEqual({ month: '2022-12', product: M, ...zero });
    expect(cell('2023-01', M)).toEqual({
      month: '2023-01',
      product: M,
      ...zero,
      invoices: 1,
      invoicedCents: 14_900,
      paymentsCents: 10_000,
      refundsCents: 3_000,
      collectedCents: 7_000,
    });
    // A's second check and F's card payment; the void invoice C is not counted.
    expect(cell('2023-02', M)).toEqual({
      month: '2023-02',
      product: M,
      ...zero,
      invoices: 1,
      invoicedCents: 14_900,
      paymentsCents: 19_800,
      collectedCents: 19_800,
    });
    expect(cell('2023-02', L)).toEqual({
      month: '2023-02',
      product: L,
      invoices: 1,
      invoicedCents: 14_144,
      taxCents: 244,
      depositCents: 10_000,
      paymentsCents: 14_144,
      refundsCents: 0,
      collectedCents: 14_144,
    });
    expect(cell('2023-03', M)).toEqual({
      month: '2023-03',
      product: M,
      ...zero,
      invoices: 1,
      invoicedCents: 14_900,
    });
    // More went back than came in: collected is negative.
    expect(cell('2023-03', L)).toEqual({
      month: '2023-03',
      product: L,
      ...zero,
      refundsCents: 10_000,
      collectedCents: -10_000,
    });
    expect(cell('2023-04', L)).toEqual({ month: '2023-04', product: L, ...zero });

    expect(report.totals).toEqual([
      { month: '2022-12', ...zero },
      {
        month: '2023-01',
        ...zero,
        invoices: 1,
        invoicedCents: 14_900,
        paymentsCents: 10_000,
        refundsCents: 3_000,
        collectedCents: 7_000,
      },
      {
        month: '2023-02',
        invoices: 2,
        invoicedCents: 29_044,
        taxCents: 244,
        depositCents: 10_000,
        paymentsCents: 33_944,
        refundsCents: 0,
        collectedCents: 33_944,
      },
      {
        month: '2023-03',
        ...zero,
        invoices: 1,
        invoicedCents: 14_900,
        refundsCents: 10_000,
        collectedCents: -10_000,
      },
      { month: '2023-04', ...zero },
    ]);
  });

  it('puts each instant in the month of the configured zone: in UTC the boundary cases move', async () => {
    const utc = createReportService({ figures: t.app.reportFigures, zone: 'UTC' });
    const outcome = await utc.revenue({ from: '2022-12', to: '2023-04' });
    if (!outcome.ok) throw new Error(outcome.message);
    const total = (month: string) => outcome.value.totals.find((x) => x.month === month);
    // E (04:00 UTC 1 Dec) is December's, A's refund February's, F's card payment March's,
    // D (02:00 UTC 1 Apr) April's.
    expect(total('2022-12')).toMatchObject({ invoices: 1, invoicedCents: 14_900 });
    expect(total('2023-01')).toMatchObject({ refundsCents: 0, collectedCents: 10_000 });
    expect(total('2023-02')).toMatchObject({ paymentsCents: 19_044, refundsCents: 3_000 });
    expect(total('2023-03')).toMatchObject({ paymentsCents: 14_900, invoices: 0 });
    expect(total('2023-04')).toMatchObject({ invoices: 1, invoicedCents: 14_900 });
  });

  it('covers this month and the eleven before it when no range is given', async () => {
    const res = await get(ADMIN_API.reportRevenue, support);
    expect(res.statusCode).toBe(200);
    const thisMonth = monthIn(ZONE, new Date());
    expect(res.json().to).toBe(thisMonth);
    expect(res.json().months).toHaveLength(12);
    expect(res.json().months[0]).toBe(addMonths(thisMonth, -11));
    // Every fixture is in the past: a year of zeros for the products ordered just now, if any.
    for (const total of res.json().totals) expect(total.paymentsCents).toBe(0);
  });

  it('refuses a range that is backwards, too long or not a month, in words', async () => {
    const backwards = await get(`${ADMIN_API.reportRevenue}?from=2023-04&to=2023-01`, support);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.from).toEqual([REPORT_TEXTS.fromAfterTo]);
    const long = await get(`${ADMIN_API.reportRevenue}?from=2018-01&to=2023-01`, support);
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.from).toEqual([REPORT_TEXTS.tooLong]);
    const sixty = await get(`${ADMIN_API.reportRevenue}?from=2018-02&to=2023-01`, support);
    expect(sixty.statusCode).toBe(200);
    expect(sixty.json().months).toHaveLength(60);
    const bad = await get(`${ADMIN_API.reportRevenue}?from=2023-13`, support);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual([REPORT_TEXTS.badMonth]);
    const csv = await get(`${ADMIN_API.reportRevenueExport}?to=2023-1`, owner);
    expect(csv.statusCode).toBe(422);
    expect(csv.json().errors.to).toEqual([REPORT_TEXTS.badMonth]);
  });
});

describe('revenue as CSV', () => {
  it('downloads one row per month and product in dollars, and logs the export', async () => {
    const res = await get(`${ADMIN_API.reportRevenueExport}${RANGE}`, marketing);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="revenue-2022-12-to-2023-04.csv"',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(
      'Month,Product,Invoices,Invoiced (USD),Sales tax invoiced (USD),Deposits invoiced (USD),Payments received (USD),Refunds (USD),Collected (USD)',
    );
    expect(lines).toHaveLength(11);
    const m = names[M];
    const l = names[L];
    expect(lines).toContain(`2022-12,${m},0,0,0,0,0,0,0`);
    expect(lines).toContain(`2023-01,${m},1,149,0,0,100,30,70`);
    expect(lines).toContain(`2023-02,${l},1,141.44,2.44,100,141.44,0,141.44`);
    expect(lines).toContain(`2023-02,${m},1,149,0,0,198,0,198`);
    expect(lines).toContain(`2023-03,${l},0,0,0,0,0,100,-100`);
    expect(lines).toContain(`2023-04,${m},0,0,0,0,0,0,0`);
    // Months oldest first.
    expect(lines.slice(1).map((x) => x.slice(0, 7))).toEqual(
      ['2022-12', '2023-01', '2023-02', '2023-03', '2023-04'].flatMap((x) => [x, x]),
    );

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'reports.revenue.export'),
          eq(auditLog.actorEmail, marketing.email),
        ),
      );
    expect(entry).toMatchObject({
      method: 'GET',
      status: 200,
      url: expect.stringContaining(RANGE),
    });
  });
});

describe('orders by product, status and month', () => {
  it('counts orders placed in each New York month by the status they have now', async () => {
    const res = await get(`${ADMIN_API.reportOrders}${RANGE}`, support);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.products.map((p: { slug: string }) => p.slug).sort()).toEqual([L, M, Q].sort());
    expect(report.cells).toHaveLength(15);
    const cell = (month: string, product: string) =>
      report.cells.find(
        (c: { month: string; product: string }) => c.month === month && c.product === product,
      );
    const none = {
      pending_payment: 0,
      quote_requested: 0,
      confirmed: 0,
      completed: 0,
      cancelled: 0,
    };
    // E was placed on 30 November in New York: December is empty.
    expect(cell('2022-12', M)).toEqual({ month: '2022-12', product: M, counts: none, total: 0 });
    expect(cell('2023-01', M).counts).toEqual({ ...none, confirmed: 1 });
    expect(cell('2023-01', Q)).toMatchObject({ counts: { ...none, quote_requested: 1 }, total: 1 });
    expect(cell('2023-02', M)).toMatchObject({
      counts: { ...none, confirmed: 1, cancelled: 1 },
      total: 2,
    });
    expect(cell('2023-02', L).counts).toEqual({ ...none, confirmed: 1 });
    expect(cell('2023-03', M).counts).toEqual({ ...none, pending_payment: 1 });
    expect(cell('2023-04', M).total).toBe(0);
  });

  it('downloads the same counts as CSV', async () => {
    const res = await get(`${ADMIN_API.reportOrdersExport}${RANGE}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="orders-2022-12-to-2023-04.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe(
      'Month,Product,Awaiting payment,Quote requested,Confirmed,Completed,Cancelled,Orders',
    );
    expect(lines).toHaveLength(16);
    expect(lines).toContain(`2023-02,${names[M]},0,0,1,0,1,2`);
    expect(lines).toContain(`2023-03,${names[M]},1,0,0,0,0,1`);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'reports.orders.export'));
    expect(entry).toMatchObject({ actorEmail: owner.email });
  });
});

describe('who may read reports', () => {
  it('needs "See orders and revenue" to read and "Export lists" as well to download', async () => {
    for (const url of [ADMIN_API.reportRevenue, ADMIN_API.reportOrders]) {
      expect((await get(url, support)).statusCode).toBe(200);
      expect((await get(url, customer)).statusCode).toBe(403);
      expect((await get(url, null)).statusCode).toBe(401);
    }
    for (const url of [ADMIN_API.reportRevenueExport, ADMIN_API.reportOrdersExport]) {
      // Support sees orders but may not export lists.
      expect((await get(url, support)).statusCode).toBe(403);
      expect((await get(url, marketing)).statusCode).toBe(200);
      expect((await get(url, customer)).statusCode).toBe(403);
    }
  });
});

describe('report months', () => {
  it('reads the month in a zone, steps across years and bounds the range', () => {
    expect(monthIn('America/New_York', new Date('2023-02-01T03:00:00Z'))).toBe('2023-01');
    expect(monthIn('UTC', new Date('2023-02-01T03:00:00Z'))).toBe('2023-02');
    expect(addMonths('2023-01', -1)).toBe('2022-12');
    expect(addMonths('2022-12', 1)).toBe('2023-01');
    expect(addMonths('2023-03', -11)).toBe('2022-04');
    expect(monthsBetween('2022-11', '2023-02')).toEqual([
      '2022-11',
      '2022-12',
      '2023-01',
      '2023-02',
    ]);
    const now = new Date('2026-01-01T03:00:00Z'); // still 31 December 2025 in New York
    expect(reportRange({}, 'America/New_York', now)).toEqual({
      ok: true,
      from: '2025-01',
      to: '2025-12',
    });
    expect(reportRange({ to: '2025-06' }, 'UTC', now)).toEqual({
      ok: true,
      from: '2024-07',
      to: '2025-06',
    });
    expect(reportRange({ from: '2025-06' }, 'UTC', now)).toEqual({
      ok: true,
      from: '2025-06',
      to: '2026-01',
    });
  });
});
