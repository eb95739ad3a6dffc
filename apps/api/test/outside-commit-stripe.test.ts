import { auditLog, checkoutSessions, invoices, refunds } from '@lantern/db';
import { ADMIN_API, DASHBOARD_API, STRIPE_WEBHOOK_PATH } from '@lantern/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { refuseRows } from './helpers/db-faults.ts';
import { giveStaffRole } from './helpers/staff.ts';
import {
  completedSession,
  FIXTURE_WEBHOOK_SECRET,
  type StripeFixture,
  signedEvent,
  startStripeFixture,
} from './helpers/stripe-fixture.ts';

/**
 * Issue 40 (docs/decisions/068-unit-of-work.md): a route that calls Stripe makes the call first,
 * then commits its change with its activity row. A row that cannot be written rolls back that
 * confirming change, and the request does not answer success.
 */
let fixture: StripeFixture;
let t: TestApp;
let alice: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  fixture = await startStripeFixture();
  t = await buildTestApp({
    stripe: {
      secretKey: 'sk_test_fixture',
      webhookSecret: FIXTURE_WEBHOOK_SECRET,
      apiUrl: fixture.url,
    },
  });
  alice = await signUpUser(t.app, 'outside-alice');
  ops = await signUpUser(t.app, 'outside-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
});
afterAll(async () => {
  await t?.close();
  await fixture?.close();
});

const post = (url: string, payload: Record<string, unknown>, who: SignedIn) =>
  t.app.inject({ method: 'POST', url, headers: { ...BROWSER, cookie: who.cookie }, payload });

async function openInvoice(street: string) {
  const p = await addProperty(t.app, alice.userId, 'seller', { street });
  const res = await post(
    '/api/dashboard/orders',
    { property: p.hash, product: 'mls-listing-state' },
    alice,
  );
  expect(res.statusCode).toBe(201);
  return res.json().order.invoice as string;
}

async function invoiceRow(hash: string) {
  const [row] = await t.app.db.select().from(invoices).where(eq(invoices.hash, hash));
  if (!row) throw new Error('no invoice');
  return row;
}

const rowsOf = (action: string, recordId: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, recordId)));

/** An invoice paid by card through the fixture's Checkout and a verified webhook. */
async function paidByCard(street: string) {
  const invoice = await openInvoice(street);
  const res = await post(DASHBOARD_API.invoiceCheckout(invoice), {}, alice);
  expect(res.statusCode).toBe(200);
  const sid = new URL(res.json().url).pathname.split('/').pop() ?? '';
  const session = fixture.sessions.get(sid);
  if (!session) throw new Error('no session at the fixture');
  const event = signedEvent('checkout.session.completed', completedSession(session));
  const hook = await t.app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'stripe-signature': event.header ?? '' },
    payload: event.payload,
  });
  expect(hook.statusCode).toBe(200);
  expect((await invoiceRow(invoice)).status).toBe('paid');
  const detail = await t.app.inject({
    method: 'GET',
    url: ADMIN_API.invoice(invoice),
    headers: { cookie: ops.cookie },
  });
  return { invoice, payment: detail.json().payments[0].hash as string };
}

describe('Pay (a Checkout session)', () => {
  it('saves the session with its activity row, or neither', async () => {
    const invoice = await openInvoice('1 Outside St');
    const allow = await refuseRows(t.app.db, "new.action = 'invoice.checkout'");
    let status: number;
    try {
      status = (await post(DASHBOARD_API.invoiceCheckout(invoice), {}, alice)).statusCode;
    } finally {
      await allow();
    }
    expect(status).toBe(500);
    const { id } = await invoiceRow(invoice);
    const saved = () =>
      t.app.db.select().from(checkoutSessions).where(eq(checkoutSessions.invoiceId, id));
    expect(await saved()).toEqual([]);

    const again = await post(DASHBOARD_API.invoiceCheckout(invoice), {}, alice);
    expect(again.statusCode).toBe(200);
    expect(await saved()).toHaveLength(1);
    expect(await rowsOf('invoice.checkout', invoice)).toHaveLength(1);
  });
});

describe('a staff refund', () => {
  it('of a card payment confirms it with its row; a row refused leaves it to reconcile', async () => {
    const { invoice, payment } = await paidByCard('2 Outside St');
    const body = { payment, amountCents: 4_000, reason: 'Customer asked' };
    const allow = await refuseRows(t.app.db, "new.action = 'invoice.refund'");
    let status: number;
    try {
      status = (await post(ADMIN_API.invoiceRefunds(invoice), body, ops)).statusCode;
    } finally {
      await allow();
    }
    // Stripe gave the money back, so the reservation stays; its confirmation (Stripe's refund
    // id) rolled back with the row, and the request did not answer success.
    expect(status).toBe(500);
    expect(fixture.requests.filter((r) => r.path === '/v1/refunds')).toHaveLength(1);
    const { id } = await invoiceRow(invoice);
    const made = await t.app.db.select().from(refunds).where(eq(refunds.invoiceId, id));
    expect(made).toMatchObject([{ amountCents: 4_000, providerRef: null }]);
    expect(await rowsOf('invoice.refund', invoice)).toEqual([]);

    // The invoice counts the money that went back, so nobody refunds it again unknowingly.
    expect(await invoiceRow(invoice)).toMatchObject({ refundedCents: 4_000 });

    const next = await post(
      ADMIN_API.invoiceRefunds(invoice),
      { ...body, amountCents: 1_000 },
      ops,
    );
    expect(next.statusCode).toBe(201);
    expect(await rowsOf('invoice.refund', invoice)).toHaveLength(1);
    const after = await t.app.db.select().from(refunds).where(eq(refunds.invoiceId, id));
    expect(after.find((r) => r.amountCents === 1_000)?.providerRef).toMatch(/^re_test_/);
  });

  it('of a check payment is written with its row or not at all', async () => {
    const invoice = await openInvoice('3 Outside St');
    const paid = await post(
      ADMIN_API.invoicePayments(invoice),
      { amountCents: 14_900, method: 'check', reference: '77', receivedOn: today() },
      ops,
    );
    expect(paid.statusCode).toBe(201);
    const payment = paid.json().payments[0].hash as string;
    const body = { payment, amountCents: 2_500, reason: 'Customer asked' };
    const allow = await refuseRows(t.app.db, "new.action = 'invoice.refund'");
    let status: number;
    try {
      status = (await post(ADMIN_API.invoiceRefunds(invoice), body, ops)).statusCode;
    } finally {
      await allow();
    }
    expect(status).toBe(500);
    expect(await invoiceRow(invoice)).toMatchObject({ status: 'paid', refundedCents: 0 });

    expect((await post(ADMIN_API.invoiceRefunds(invoice), body, ops)).statusCode).toBe(201);
    expect(await invoiceRow(invoice)).toMatchObject({ refundedCents: 2_500 });
    expect(await rowsOf('invoice.refund', invoice)).toHaveLength(1);
  });
});

const today = () => new Date().toISOString().slice(0, 10);
