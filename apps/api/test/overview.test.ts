import { invoices } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { coverHome } from './helpers/sales-fixtures.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'overview');
  bob = await signUpUser(t.app, 'stranger');
});
afterAll(() => t.close());

const get = (url: string, cookie = alice.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });
const order = (property: string, product: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dashboard/orders',
    headers: { ...BROWSER, cookie: alice.cookie },
    payload: { property, product },
  });

describe('GET /api/dashboard/overview', () => {
  it('lists every property with its role and where it stands', async () => {
    const fresh = await addProperty(t.app, alice.userId, 'seller', { street: '1 New St' });
    const owing = await addProperty(t.app, alice.userId, 'seller', { street: '2 Owing St' });
    const quoted = await addProperty(t.app, alice.userId, 'landlord', { street: '3 Quote St' });
    const buying = await addProperty(t.app, alice.userId, 'buyer', { street: '4 Buy St' });
    const due = (await order(owing.hash, 'mls-listing-state')).json().order.invoice;
    await order(quoted.hash, 'seller-flat-fee-representation');
    // Free Comps is offered only where recent sales cover the home (issue 38).
    await coverHome(t.app, buying.id);
    await order(buying.hash, 'free-comps');

    const res = await get('/api/dashboard/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json().properties).toEqual([
      expect.objectContaining({
        hash: fresh.hash,
        role: 'seller',
        status: 'new',
        dueInvoice: null,
      }),
      expect.objectContaining({ hash: owing.hash, status: 'payment_due', dueInvoice: due }),
      expect.objectContaining({ hash: quoted.hash, role: 'landlord', status: 'quote_requested' }),
      expect.objectContaining({ hash: buying.hash, role: 'buyer', status: 'in_progress' }),
    ]);
    expect((await get('/api/dashboard/overview', bob.cookie)).json()).toEqual({ properties: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/overview' })).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/dashboard/activity', () => {
  it("tells a property's story newest first: created, ordered, invoiced, paid", async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '5 Story St' });
    const placed = (await order(p.hash, 'mls-listing-state')).json().order;
    await t.app.db
      .update(invoices)
      .set({ status: 'paid', paidAt: new Date(Date.now() + 60_000) })
      .where(eq(invoices.hash, placed.invoice));

    const res = await get(`/api/dashboard/activity?property=${p.hash}`);
    expect(res.statusCode).toBe(200);
    const kinds = res.json().activity.map((a: { kind: string }) => a.kind);
    expect(kinds).toEqual(['invoice_paid', 'invoice_issued', 'order_placed', 'property_created']);
    expect(res.json().activity[0]).toMatchObject({
      productName: 'Flat Fee MLS Listing',
      invoice: { hash: placed.invoice, number: expect.stringMatching(/^INV-/), totalCents: 14_900 },
    });
  });

  it('includes messages, naming their author', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '7 Chat St' });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { ...BROWSER, cookie: alice.cookie },
      payload: { property: p.hash, body: 'Is the lockbox code ready?' },
    });
    expect(sent.statusCode).toBeLessThan(300);
    const activity = (await get(`/api/dashboard/activity?property=${p.hash}`)).json().activity;
    expect(activity[0]).toMatchObject({ kind: 'message_posted', author: alice.email });
    // The feed says who wrote, never what: the thread itself is on the Messages page.
    expect(JSON.stringify(activity)).not.toContain('lockbox code');
  });

  it("answers 404 for another user's property", async () => {
    const p = await addProperty(t.app, bob.userId, 'seller', { street: '6 Hidden St' });
    expect((await get(`/api/dashboard/activity?property=${p.hash}`)).statusCode).toBe(404);
    expect((await get('/api/dashboard/activity')).statusCode).toBe(422);
  });
});
