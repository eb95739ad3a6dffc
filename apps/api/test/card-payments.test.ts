import { PAYMENT_TEXTS } from '@lantern/contracts';
import {
  checkoutSessions,
  createDatabase,
  invoices,
  jobs,
  orders,
  payments,
  refunds,
  stripeEvents,
} from '@lantern/db';
import { ADMIN_API, DASHBOARD_API, MLS_LISTING_API, STRIPE_WEBHOOK_PATH } from '@lantern/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import { BROWSER, createTestDatabase, testConfig } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';
import {
  completedSession,
  FIXTURE_WEBHOOK_SECRET,
  type StripeFixture,
  signedEvent,
  startStripeFixture,
} from './helpers/stripe-fixture.ts';

let fixture: StripeFixture;
let shared: Awaited<ReturnType<typeof createTestDatabase>>;
let a: FastifyInstance;
let b: FastifyInstance;
let secondDb: Awaited<ReturnType<typeof createDatabase>> | null = null;
let alice: SignedIn;
let bob: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  fixture = await startStripeFixture();
  shared = await createTestDatabase();
  const config = testConfig({
    stripe: {
      secretKey: 'sk_test_fixture',
      webhookSecret: FIXTURE_WEBHOOK_SECRET,
      apiUrl: fixture.url,
    },
  });
  // Two instances on one database: two pools on PostgreSQL, one embedded database otherwise.
  const url = process.env.DATABASE_URL;
  secondDb = url ? await createDatabase({ url, schemaName: shared.schemaName, poolMax: 4 }) : null;
  a = await buildApp({ config, database: shared.database, logger: false });
  b = await buildApp({ config, database: secondDb ?? shared.database, logger: false });
  await Promise.all([a.ready(), b.ready()]);
  alice = await signUpUser(a, 'card-alice');
  bob = await signUpUser(a, 'card-bob');
  ops = await signUpUser(a, 'card-ops');
  await giveStaffRole(a, ops.userId, 'operations');
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await secondDb?.close();
  await shared?.drop();
  await fixture?.close();
});

async function openInvoice(street: string) {
  const p = await addProperty(a, alice.userId, 'seller', { street });
  const res = await a.inject({
    method: 'POST',
    url: '/api/dashboard/orders',
    headers: { ...BROWSER, cookie: alice.cookie },
    payload: { property: p.hash, product: 'mls-listing-state' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().order.invoice as string;
}

const pay = (invoice: string, who: SignedIn = alice) =>
  a.inject({
    method: 'POST',
    url: DASHBOARD_API.invoiceCheckout(invoice),
    headers: { ...BROWSER, cookie: who.cookie },
    payload: {},
  });

const deliver = (app: FastifyInstance, e: { payload: string; header?: string | undefined }) =>
  app.inject({
    method: 'POST',
    url: STRIPE_WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      ...(e.header ? { 'stripe-signature': e.header } : {}),
    },
    payload: e.payload,
  });

async function invoiceRow(hash: string) {
  const [row] = await a.db.select().from(invoices).where(eq(invoices.hash, hash));
  if (!row) throw new Error('no invoice');
  return row;
}

/** "Pay", then the session Stripe would report as paid. */
async function paidSession(invoice: string) {
  const res = await pay(invoice);
  expect(res.statusCode).toBe(200);
  const sid = new URL(res.json().url).pathname.split('/').pop() ?? '';
  const session = fixture.sessions.get(sid);
  if (!session) throw new Error('no session at the fixture');
  return completedSession(session);
}

describe('Pay: a hosted Checkout session', () => {
  it('asks Stripe for exactly the invoice total in USD, with an Idempotency-Key, once', async () => {
    const invoice = await openInvoice('1 Card St');
    const before = fixture.requests.length;
    const first = await pay(invoice);
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_/);
    const sent = fixture.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.path).toBe('/v1/checkout/sessions');
    expect(sent[0]?.idempotencyKey).toMatch(new RegExp(`^checkout-${invoice}-14900-0$`));
    expect(sent[0]?.form.get('line_items[0][price_data][unit_amount]')).toBe('14900');
    expect(sent[0]?.form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent[0]?.form.get('metadata[invoice]')).toBe(invoice);
    // A second click while the session is open goes to the same page, without asking again.
    const again = await pay(invoice);
    expect(again.json().url).toBe(first.json().url);
    expect(fixture.requests.length).toBe(before + 1);
    // Someone else's invoice is not there.
    expect((await pay(invoice, bob)).statusCode).toBe(404);
    const detail = await a.inject({
      method: 'GET',
      url: `${DASHBOARD_API.invoices}/${invoice}`,
      headers: { cookie: alice.cookie },
    });
    expect(detail.json().invoice.cardPayments).toBe(true);
  });
});

describe('the webhook', () => {
  it('a valid event pays once; the replay changes nothing', async () => {
    const invoice = await openInvoice('2 Card St');
    const event = signedEvent('checkout.session.completed', await paidSession(invoice));
    const first = await deliver(a, event);
    expect(first.statusCode).toBe(200);
    const row = await invoiceRow(invoice);
    expect(row).toMatchObject({ status: 'paid', paidCents: 14_900 });
    const replay = await deliver(a, event);
    expect(replay.statusCode).toBe(200);
    expect((await invoiceRow(invoice)).paidCents).toBe(14_900);
    const rows = await a.db.select().from(payments).where(eq(payments.invoiceId, row.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'card', amountCents: 14_900, recordedBy: null });
    // Paid says so to staff too, and cards are no longer offered.
    const staff = await a.inject({
      method: 'GET',
      url: ADMIN_API.invoice(invoice),
      headers: { cookie: ops.cookie },
    });
    expect(staff.json()).toMatchObject({ status: 'paid', orderStatus: 'confirmed' });
  });

  it('a card payment of an MLS listing invoice confirms every order billed on it', async () => {
    const p = await addProperty(a, alice.userId, 'seller', { street: '9 Listing Card St' });
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      a.inject({ method, url, headers: { ...BROWSER, cookie: alice.cookie }, payload });
    const ordered = await send('POST', '/api/dashboard/orders', {
      property: p.hash,
      product: 'mls-listing-state',
    });
    const invoice = ordered.json().order.invoice as string;
    await a.inject({
      method: 'GET',
      url: `${MLS_LISTING_API.listing}?property=${p.hash}`,
      headers: { cookie: alice.cookie },
    });
    expect(
      (
        await send('PUT', MLS_LISTING_API.location, {
          property: p.hash,
          propertyType: 'Residential',
          propertySubType: 'Condominium',
        })
      ).statusCode,
    ).toBe(200);
    // The form's step is marked done directly: this test is about the invoice, not the form.
    await a.db.execute(
      sql`update mls_listings set completed_steps = '{location,form}' where property_id = ${p.id}`,
    );
    // A Checkout session opened for the $149 is closed when the upgrade changes the total.
    const first = await pay(invoice);
    expect(first.statusCode).toBe(200);
    const old = new URL(first.json().url).pathname.split('/').pop() ?? '';
    expect(fixture.sessions.get(old)?.status).toBe('open');
    const upgraded = await send('PUT', MLS_LISTING_API.services, {
      property: p.hash,
      upgrades: ['photography'],
    });
    expect(upgraded.json().invoiceTotalCents).toBe(14_900 + 17_900);
    expect(fixture.sessions.get(old)?.status).toBe('expired');
    const [oldRow] = await a.db
      .select({ status: checkoutSessions.status })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, old));
    expect(oldRow?.status).toBe('expired');
    expect(
      (await deliver(a, signedEvent('checkout.session.completed', await paidSession(invoice))))
        .statusCode,
    ).toBe(200);
    expect(await invoiceRow(invoice)).toMatchObject({ status: 'paid', paidCents: 32_800 });
    const statuses = await a.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.propertyId, p.id));
    expect(statuses.map((o) => o.status)).toEqual(['confirmed', 'confirmed']);
  });

  it('refuses a tampered, stale, unsigned or wrongly signed event and changes nothing', async () => {
    const invoice = await openInvoice('3 Card St');
    const session = await paidSession(invoice);
    const good = signedEvent('checkout.session.completed', session);
    const tampered = {
      ...good,
      payload: good.payload.replace('"amount_total":14900', '"amount_total":1'),
    };
    expect(tampered.payload).not.toBe(good.payload);
    const stale = signedEvent('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const wrongSecret = signedEvent('checkout.session.completed', session, {
      secret: 'whsec_someone_else',
    });
    for (const e of [tampered, stale, wrongSecret, { payload: good.payload }]) {
      const res = await deliver(a, e);
      expect(res.statusCode).toBe(400);
    }
    expect(await invoiceRow(invoice)).toMatchObject({ status: 'open', paidCents: 0 });
    const [claimed] = await a.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, JSON.parse(good.payload).id));
    expect(claimed?.n).toBe(0);
  });

  it('the same event at two instances at once pays once', async () => {
    const invoice = await openInvoice('4 Card St');
    const event = signedEvent('checkout.session.completed', await paidSession(invoice));
    const [ra, rb] = await Promise.all([deliver(a, event), deliver(b, event)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    const row = await invoiceRow(invoice);
    expect(row).toMatchObject({ status: 'paid', paidCents: 14_900 });
    const rows = await a.db.select().from(payments).where(eq(payments.invoiceId, row.id));
    expect(rows).toHaveLength(1);
  });

  it('a wrong amount or currency leaves the invoice open and alerts staff', async () => {
    const invoice = await openInvoice('5 Card St');
    const session = await paidSession(invoice);
    await deliver(a, signedEvent('checkout.session.completed', { ...session, amount_total: 100 }));
    await deliver(
      a,
      signedEvent('checkout.session.completed', {
        ...session,
        currency: 'eur',
        payment_intent: 'pi_test_eur',
      }),
    );
    expect(await invoiceRow(invoice)).toMatchObject({ status: 'open', paidCents: 0 });
    const staff = await a.inject({
      method: 'GET',
      url: ADMIN_API.invoice(invoice),
      headers: { cookie: ops.cookie },
    });
    expect(staff.json().alerts.map((x: { kind: string }) => x.kind)).toEqual([
      'amount_mismatch',
      'amount_mismatch',
    ]);
  });

  it('a second payment of a paid invoice is refunded automatically, through Stripe', async () => {
    const invoice = await openInvoice('6 Card St');
    const session = await paidSession(invoice);
    await deliver(a, signedEvent('checkout.session.completed', session));
    const second = completedSession(session);
    await deliver(a, signedEvent('checkout.session.completed', second));
    // Either instance's in-process worker may have claimed the refund job already, in which case
    // runDue finds nothing to do: wait for whichever one runs it.
    await a.jobs.runDue(['payments.card-refund']);
    const row = await vi.waitFor(
      async () => {
        const r = await invoiceRow(invoice);
        expect(r).toMatchObject({ status: 'paid', paidCents: 29_800, refundedCents: 14_900 });
        return r;
      },
      { timeout: 10_000, interval: 50 },
    );
    const made = await a.db.select().from(refunds).where(eq(refunds.invoiceId, row.id));
    expect(made).toHaveLength(1);
    expect(made[0]?.providerRef).toMatch(/^re_test_/);
    expect(made[0]?.reason).toBe(PAYMENT_TEXTS.paidTwiceReason);
    const call = fixture.requests.findLast((r) => r.path === '/v1/refunds');
    expect(call?.form.get('payment_intent')).toBe(second.payment_intent);
    expect(call?.idempotencyKey).toMatch(/^refund-/);
    const [job] = await a.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.dedupeKey, `card-refund:${second.payment_intent}`));
    expect(job?.status).toBe('done');
  });

  it('expired sessions, refunds made in Stripe and disputes update the invoice', async () => {
    const invoice = await openInvoice('7 Card St');
    const first = await pay(invoice);
    const sid = new URL(first.json().url).pathname.split('/').pop() ?? '';
    await deliver(
      a,
      signedEvent('checkout.session.expired', { ...fixture.sessions.get(sid), status: 'expired' }),
    );
    const next = await pay(invoice);
    expect(next.json().url).not.toBe(first.json().url);

    const session = await paidSession(invoice);
    await deliver(a, signedEvent('checkout.session.completed', session));
    const charge = {
      id: 'ch_test_7',
      object: 'charge',
      amount: 14_900,
      amount_refunded: 5_000,
      currency: 'usd',
      payment_intent: session.payment_intent,
      refunded: false,
    };
    await deliver(a, signedEvent('charge.refunded', charge));
    expect(await invoiceRow(invoice)).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 5_000,
    });
    // The same total again (another refund event of the same charge) adds nothing.
    await deliver(a, signedEvent('charge.refunded', charge));
    expect((await invoiceRow(invoice)).refundedCents).toBe(5_000);

    await deliver(
      a,
      signedEvent('charge.dispute.created', {
        id: 'dp_test_7',
        object: 'dispute',
        amount: 9_900,
        currency: 'usd',
        payment_intent: session.payment_intent,
        reason: 'fraudulent',
        status: 'needs_response',
      }),
    );
    const staff = await a.inject({
      method: 'GET',
      url: ADMIN_API.invoice(invoice),
      headers: { cookie: ops.cookie },
    });
    expect(staff.json().alerts[0]).toMatchObject({ kind: 'dispute' });
  });
});

describe('staff refunds of a card payment', () => {
  it('go through Stripe; a refusal records nothing; the later charge.refunded adds nothing', async () => {
    const invoice = await openInvoice('8 Card St');
    const session = await paidSession(invoice);
    await deliver(a, signedEvent('checkout.session.completed', session));
    const detail = await a.inject({
      method: 'GET',
      url: ADMIN_API.invoice(invoice),
      headers: { cookie: ops.cookie },
    });
    const payment = detail.json().payments[0].hash as string;
    const refund = (amountCents: number) =>
      a.inject({
        method: 'POST',
        url: ADMIN_API.invoiceRefunds(invoice),
        headers: { ...BROWSER, cookie: ops.cookie },
        payload: { payment, amountCents, reason: 'Customer asked' },
      });

    fixture.failRefunds = true;
    const refused = await refund(4_000);
    fixture.failRefunds = false;
    expect(refused.statusCode).toBe(502);
    expect(await invoiceRow(invoice)).toMatchObject({ status: 'paid', refundedCents: 0 });

    const done = await refund(4_000);
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ status: 'partially_refunded', refundedCents: 4_000 });
    const call = fixture.requests.findLast((r) => r.path === '/v1/refunds');
    expect(call?.form.get('amount')).toBe('4000');
    expect(call?.form.get('payment_intent')).toBe(session.payment_intent);
    await deliver(
      a,
      signedEvent('charge.refunded', {
        id: 'ch_test_8',
        object: 'charge',
        amount: 14_900,
        amount_refunded: 4_000,
        currency: 'usd',
        payment_intent: session.payment_intent,
      }),
    );
    expect((await invoiceRow(invoice)).refundedCents).toBe(4_000);
    expect((await refund(10_901)).statusCode).toBe(422);
  });
});
