import {
  INVOICE_LINE_TEXTS,
  type TInvoiceDetail,
  TRIP_CHARGE_CENTS,
  TRIP_CHARGE_REPORT_ROW,
  type TWorkOrderDetail,
  WORK_ORDER_API,
  WORK_ORDER_TEXTS,
} from '@lantern/contracts';
import { invoices, jobs, orders, taxRates } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBusinessDay, nextBusinessDay } from '../src/features/work-orders/schedule.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let ops: SignedIn;
let installer: SignedIn;

beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  alice = await signUpUser(t.app, 'tc-alice');
  bob = await signUpUser(t.app, 'tc-bob');
  ops = await signUpUser(t.app, 'tc-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
  installer = await signUpUser(t.app, 'tc-field');
  await giveVendorKinds(t.app, installer.userId, ['field']);
  // 6.25% in Illinois: $50.00 + $3.125 tax, rounded half up once, is $53.13.
  await t.app.db.insert(taxRates).values({ state: 'IL', rateBasisPoints: 625 });
});
afterAll(async () => t.close());

const get = (url: string, who: SignedIn = ops) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (url: string, payload: object, who: SignedIn = ops) =>
  t.app.inject({ method: 'POST', url, headers: { ...BROWSER, cookie: who.cookie }, payload });

let streetNo = 300;
/** A scheduled sign post install on a property of Alice's; the order's invoice left open. */
async function scheduledTrip(state = 'IL') {
  const p = await addProperty(t.app, alice.userId, 'seller', {
    street: `${streetNo++} Charge Lane`,
    state,
  });
  const placed = await post(
    '/api/dashboard/orders',
    { property: p.hash, product: 'real-estate-sign-posts' },
    alice,
  );
  expect(placed.statusCode).toBe(201);
  const order = placed.json().order as { hash: string; invoice: string };
  const made = await post(WORK_ORDER_API.list, { order: order.hash, kind: 'sign_post_install' });
  expect(made.statusCode).toBe(201);
  const wo = made.json() as TWorkOrderDetail;
  const day = isBusinessDay(wo.earliestDay) ? wo.earliestDay : nextBusinessDay(wo.earliestDay);
  expect((await post(WORK_ORDER_API.schedule(wo.hash), { day })).statusCode).toBe(200);
  return { property: p.hash, order: order.hash, orderInvoice: order.invoice, wo: wo.hash };
}

const fail = (hash: string, extra: object = {}) =>
  post(WORK_ORDER_API.state(hash), { state: 'failed', reason: 'The gate was locked.', ...extra });

async function mailsTo(email: string) {
  const rows = await t.app.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, 'mail.send'), sql`${jobs.payload}->>'to' = ${email}`));
  return rows.map((r) => (r.payload as { subject: string }).subject);
}

describe('trip charge', () => {
  it('bills $50 plus the state’s tax, to the cent, as a new invoice on the same order when the trip fails', async () => {
    const trip = await scheduledTrip();
    const res = await fail(trip.wo, { tripCharge: true });
    expect(res.statusCode, res.body).toBe(200);
    const wo = res.json() as TWorkOrderDetail;
    expect(wo.state).toBe('failed');
    expect(wo.canAddTripCharge).toBe(false);
    expect(wo.tripCharge).toMatchObject({ status: 'open', totalCents: 5313 });
    const charge = wo.tripCharge?.hash as string;

    // The customer sees it among their invoices, described, and opens it in full.
    const list = await get(`/api/dashboard/invoices?property=${trip.property}`, alice);
    const listed = list.json().invoices as Array<{
      hash: string;
      kind: string;
      description: string;
    }>;
    expect(listed.map((i) => i.kind).sort()).toEqual(['order', 'trip_charge']);
    expect(listed.find((i) => i.hash === charge)?.description).toBe(
      `${INVOICE_LINE_TEXTS.tripChargePrefix}Sign Posts`,
    );
    const full = (await get(`/api/dashboard/invoices/${charge}`, alice)).json()
      .invoice as TInvoiceDetail;
    expect(full).toMatchObject({
      kind: 'trip_charge',
      subtotalCents: TRIP_CHARGE_CENTS,
      discountCents: 0,
      taxRateBasisPoints: 625,
      taxCents: 313,
      totalCents: 5313,
      balanceCents: 5313,
      billedTo: alice.email,
    });
    expect(full.lines).toEqual([
      expect.objectContaining({ amountCents: 5000, taxable: true, quantity: 1 }),
    ]);
    expect(full.lines[0]?.description).toMatch(
      /^Trip charge: sign post install on .+ that could not be finished$/,
    );
    // Another customer does not see it.
    expect((await get(`/api/dashboard/invoices/${charge}`, bob)).statusCode).toBe(404);
    // Mailed, and shown on the visit in the product page's list.
    expect(await mailsTo(alice.email)).toContain(
      `${streetNo - 1} Charge Lane: trip charge for the sign post install`,
    );
    const visits = (await get(`${WORK_ORDER_API.customer}?property=${trip.property}`, alice)).json()
      .workOrders as Array<{ hash: string; tripCharge: { hash: string } | null }>;
    expect(visits.find((v) => v.hash === trip.wo)?.tripCharge?.hash).toBe(charge);
    // The order's own invoice is still the one its order shows.
    const orderList = (await get(`/api/dashboard/orders?property=${trip.property}`, alice)).json()
      .orders as Array<{ hash: string; invoice: string | null }>;
    expect(orderList).toHaveLength(1);
    expect(orderList[0]?.invoice).toBe(trip.orderInvoice);
  });

  it('adds it later to a failed trip, once at most, also when asked twice at once', async () => {
    const trip = await scheduledTrip();
    expect((await fail(trip.wo)).json().canAddTripCharge).toBe(true);
    const [a, b] = await Promise.all([
      post(WORK_ORDER_API.tripCharge(trip.wo), {}),
      post(WORK_ORDER_API.tripCharge(trip.wo), {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const again = await post(WORK_ORDER_API.tripCharge(trip.wo), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has its trip charge \(INV-\d{6}\)/);
    const charges = await t.app.db
      .select({ id: invoices.id })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(and(eq(orders.hash, trip.order), eq(invoices.kind, 'trip_charge')));
    expect(charges).toHaveLength(1);
    // Failing it again after a new day does not make a second one.
    const wo = (await get(WORK_ORDER_API.one(trip.wo))).json() as TWorkOrderDetail;
    const day = nextBusinessDay(wo.earliestDay);
    expect((await post(WORK_ORDER_API.schedule(trip.wo), { day })).statusCode).toBe(200);
    const refused = await fail(trip.wo, { tripCharge: true });
    expect(refused.statusCode).toBe(409);
    expect((await get(WORK_ORDER_API.one(trip.wo))).json().state).toBe('scheduled');
  });

  it('refuses a trip that never failed, a charge with another move, and a vendor', async () => {
    const trip = await scheduledTrip();
    const never = await post(WORK_ORDER_API.tripCharge(trip.wo), {});
    expect(never.statusCode).toBe(409);
    expect(never.json().message).toBe(WORK_ORDER_TEXTS.tripChargeNeverFailed);
    const withCancel = await post(WORK_ORDER_API.state(trip.wo), {
      state: 'cancelled',
      tripCharge: true,
    });
    expect(withCancel.statusCode).toBe(422);
    expect(withCancel.json().errors.tripCharge).toEqual([WORK_ORDER_TEXTS.tripChargeOnlyFailed]);
    expect((await post(WORK_ORDER_API.tripCharge(trip.wo), {}, installer)).statusCode).toBe(403);
    expect((await post(WORK_ORDER_API.tripCharge('nope'), {})).statusCode).toBe(404);
  });

  it('keeps one invoice of the order’s own per order in the database', async () => {
    const trip = await scheduledTrip();
    const [own] = await t.app.db
      .select()
      .from(invoices)
      .where(eq(invoices.hash, trip.orderInvoice));
    if (!own) throw new Error('no invoice');
    const { id: _id, hash: _hash, number: _n, ...rest } = own;
    await expect(
      t.app.db.insert(invoices).values({ ...rest, hash: `second-${trip.order}` }),
    ).rejects.toThrow();
    // A trip charge needs its work order, and an order invoice may not carry one.
    await expect(
      t.app.db.insert(invoices).values({ ...rest, hash: `tc-${trip.order}`, kind: 'trip_charge' }),
    ).rejects.toThrow();
  });

  it('is paid and voided like any invoice, without moving its order', async () => {
    const trip = await scheduledTrip();
    const charge = (await fail(trip.wo, { tripCharge: true })).json().tripCharge.hash as string;
    const today = new Date().toISOString().slice(0, 10);
    const paid = await post(ADMIN_API.invoicePayments(charge), {
      amountCents: 5313,
      method: 'check',
      reference: '77',
      receivedOn: today,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const orderStatus = async () =>
      (
        await t.app.db.select({ s: orders.status }).from(orders).where(eq(orders.hash, trip.order))
      )[0]?.s;
    // The order's own invoice is still unpaid: paying the trip charge does not confirm it.
    expect(await orderStatus()).toBe('pending_payment');
    expect((await get(`/api/dashboard/invoices/${charge}`, alice)).json().invoice.status).toBe(
      'paid',
    );
    // The receipt went to the person billed.
    const number = (await get(`/api/dashboard/invoices/${charge}`, alice)).json().invoice.number;
    expect(await mailsTo(alice.email)).toContain(`Receipt for ${number}: paid in full`);

    const other = await scheduledTrip();
    const open = (await fail(other.wo, { tripCharge: true })).json().tripCharge.hash as string;
    expect((await post(ADMIN_API.invoiceVoid(open), {})).statusCode).toBe(200);
    expect(
      (
        await t.app.db.select({ s: orders.status }).from(orders).where(eq(orders.hash, other.order))
      )[0]?.s,
    ).toBe('pending_payment');
    // The customer's overview still points at the order's own open invoice as due.
    const overview = (await get('/api/dashboard/overview', alice)).json().properties as Array<{
      hash: string;
      dueInvoice: string | null;
      status: string;
    }>;
    expect(overview.find((p) => p.hash === other.property)).toMatchObject({
      status: 'payment_due',
      dueInvoice: other.orderInvoice,
    });
  });

  it('counts in reports as trip charges, not as the product', async () => {
    const trip = await scheduledTrip();
    await fail(trip.wo, { tripCharge: true });
    const res = await get(ADMIN_API.reportRevenue);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { products: Array<{ slug: string; name: string }> };
    expect(body.products).toContainEqual(TRIP_CHARGE_REPORT_ROW);
  });
});
