import { ADMIN_ORDERS_API, MESSAGES, ORDER_ADMIN_TEXTS as T } from '@lantern/contracts';
import { taxRates } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { mailsTo } from './helpers/mls-listing-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

let t: TestApp;
let alice: SignedIn;
let ops: SignedIn;
let support: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'orders-admin-customer');
  ops = await signUpUser(t.app, 'orders-admin-ops');
  support = await signUpUser(t.app, 'orders-admin-support');
  await giveStaffRole(t.app, ops.userId, 'operations');
  await giveStaffRole(t.app, support.userId, 'support');
  await t.app.db
    .insert(taxRates)
    .values({ state: 'NV', rateBasisPoints: 825 })
    .onConflictDoNothing();
});
afterAll(() => t.close());

const send = (method: 'GET' | 'POST', url: string, who: SignedIn, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

async function place(product: string, street: string) {
  const p = await addProperty(t.app, alice.userId, 'seller', { street, state: 'NV' });
  const res = await send('POST', '/api/dashboard/orders', alice, { property: p.hash, product });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().order as { hash: string; invoice: string | null };
}

describe('order management', () => {
  it('prices a quote: the invoice is issued with tax, to the cent, and the customer is told', async () => {
    const { hash } = await place('seller-flat-fee-representation', '1 Quote Way');
    expect(
      (await send('POST', ADMIN_ORDERS_API.quote(hash), ops, { priceCents: 12.5 })).json().errors,
    ).toEqual({ priceCents: [T.price] });
    const priced = await send('POST', ADMIN_ORDERS_API.quote(hash), ops, { priceCents: 249_999 });
    expect(priced.statusCode, priced.body).toBe(200);
    const order = priced.json();
    // $2,499.99 at 8.25%: tax $206.25 (206.249 rounded), total $2,706.24.
    expect(order).toMatchObject({
      status: 'pending_payment',
      priceCents: 249_999,
      invoice: { status: 'open', totalCents: 270_624 },
      can: { quote: false, cancel: true, complete: false },
    });
    expect(await mailsTo(t.app, alice.email)).toContainEqual(
      expect.stringMatching(/^Your quote for .+ is ready$/),
    );
    const again = await send('POST', ADMIN_ORDERS_API.quote(hash), ops, { priceCents: 1 });
    expect(again.json()).toEqual({ message: T.notQuote });
    // The customer sees the invoice in the dashboard.
    const mine = await send('GET', `/api/dashboard/invoices/${order.invoice.hash}`, alice);
    expect(mine.json().invoice).toMatchObject({ totalCents: 270_624, status: 'open' });
  });

  it('cancels an unpaid order by voiding its invoice, with the reason mailed; refuses a paid one', async () => {
    const { hash, invoice } = await place('photography', '2 Cancel Rd');
    const cancelled = await send('POST', ADMIN_ORDERS_API.cancel(hash), ops, {
      reason: 'The photographer does not cover this area yet.',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: 'cancelled',
      invoice: { hash: invoice, status: 'void' },
      notes: [{ body: 'Cancelled: The photographer does not cover this area yet.' }],
    });
    expect(await mailsTo(t.app, alice.email)).toContain('Your order of Photography is cancelled');
    expect(
      (await send('POST', ADMIN_ORDERS_API.cancel(hash), ops, { reason: 'x' })).json(),
    ).toEqual({ message: T.notCancellable });

    // Paid by check: cancel is refused until the money is given back; complete works.
    const paidOrder = await place('photography', '3 Paid Pl');
    const total = (await send('GET', `/api/dashboard/invoices/${paidOrder.invoice}`, alice)).json()
      .invoice.totalCents as number;
    const paid = await send('POST', ADMIN_API.invoicePayments(paidOrder.invoice as string), ops, {
      amountCents: total,
      method: 'check',
      reference: 'Check 77',
      receivedOn: new Date().toISOString().slice(0, 10),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const refused = await send('POST', ADMIN_ORDERS_API.cancel(paidOrder.hash), ops, {
      reason: 'Changed mind',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: T.paidFirst });
    const done = await send('POST', ADMIN_ORDERS_API.complete(paidOrder.hash), ops);
    expect(done.json()).toMatchObject({ status: 'completed', can: { cancel: false } });
    expect((await send('POST', ADMIN_ORDERS_API.complete(paidOrder.hash), ops)).json()).toEqual({
      message: T.notConfirmed,
    });
  });

  it('keeps staff notes, lists by status and product, and is for the right roles only', async () => {
    const { hash } = await place('seller-hourly-representation', '4 Notes Ln');
    const noted = await send('POST', ADMIN_ORDERS_API.notes(hash), ops, {
      body: 'Called the seller; wants an agent by Friday.',
    });
    expect(noted.json().notes).toEqual([
      expect.objectContaining({
        body: 'Called the seller; wants an agent by Friday.',
        by: ops.email,
      }),
    ]);
    const list = await send(
      'GET',
      `${ADMIN_ORDERS_API.orders}?status=quote_requested&product=seller-hourly-representation&search=${encodeURIComponent('4 Notes')}`,
      support,
    );
    expect(list.json().rows.map((r: { hash: string }) => r.hash)).toEqual([hash]);
    // Support may read orders but not change them.
    expect(
      (await send('POST', ADMIN_ORDERS_API.quote(hash), support, { priceCents: 100 })).statusCode,
    ).toBe(403);
    expect((await send('GET', ADMIN_ORDERS_API.order(hash), alice)).statusCode).toBe(403);
    expect((await send('GET', ADMIN_ORDERS_API.order('nope'), ops)).json()).toEqual({
      message: MESSAGES.notFound,
    });
  });
});
