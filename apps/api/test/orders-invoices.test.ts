import { MESSAGES, ORDER_MESSAGES } from '@lantern/contracts';
import { coupons, invoices, orders, propertyParticipants, taxRates } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpUser(t.app, 'orderer');
  bob = await signUpUser(t.app, 'other');
});
afterAll(() => t.close());

const order = (payload: object, cookie = alice.cookie) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dashboard/orders',
    headers: { ...BROWSER, cookie },
    payload,
  });
const get = (url: string, cookie = alice.cookie) =>
  t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('POST /api/dashboard/orders', () => {
  it('answers 401 without a session, before looking at the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/orders',
      headers: BROWSER,
      payload: { nonsense: 1 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('creates the order and its open invoice at the catalogue price, in one go', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '1 Order Ave' });
    const res = await order({ property: p.hash, product: 'mls-listing-state' });
    expect(res.statusCode).toBe(201);
    const { order: placed } = res.json();
    expect(placed).toMatchObject({
      property: p.hash,
      product: 'mls-listing-state',
      productName: 'Flat Fee MLS Listing',
      priceCents: 14_900,
      status: 'pending_payment',
      couponCode: null,
    });
    expect(placed.invoice).toEqual(expect.any(String));

    const detail = await get(`/api/dashboard/invoices/${placed.invoice}`);
    expect(detail.statusCode).toBe(200);
    const invoice = detail.json().invoice;
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/^INV-\d{6}$/),
      status: 'open',
      streetAddress: '1 Order Ave',
      billedTo: alice.email,
      lines: [
        {
          description: 'Flat Fee MLS Listing',
          quantity: 1,
          unitPriceCents: 14_900,
          amountCents: 14_900,
        },
      ],
      subtotalCents: 14_900,
      discountCents: 0,
      taxCents: 0,
      totalCents: 14_900,
      paidAt: null,
    });
    // Due 14 days after issue (docs/decisions/010).
    const issued = new Date(invoice.issuedAt);
    const due = new Date(`${invoice.dueDate}T00:00:00Z`);
    const days = Math.round(
      (due.getTime() -
        Date.UTC(issued.getUTCFullYear(), issued.getUTCMonth(), issued.getUTCDate())) /
        86_400_000,
    );
    expect(days).toBe(14);

    const list = await get(`/api/dashboard/orders?property=${p.hash}`);
    expect(list.json().orders).toEqual([placed]);
  });

  it('refuses a second open order of the same product, also when sent at once', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '2 Twice St' });
    const both = await Promise.all([
      order({ property: p.hash, product: 'mls-listing-state' }),
      order({ property: p.hash, product: 'mls-listing-state' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const again = await order({ property: p.hash, product: 'mls-listing-state' });
    expect(again.statusCode).toBe(409);
    // An MLS listing says why in its own words: one listing per board (decision 056).
    expect(again.json()).toEqual({ message: ORDER_MESSAGES.mlsOneBoard });
    const rows = await t.app.db.select().from(orders).where(eq(orders.propertyId, p.id));
    expect(rows).toHaveLength(1);
    const bills = await t.app.db.select().from(invoices).where(eq(invoices.propertyId, p.id));
    expect(bills).toHaveLength(1);

    // Once that order is cancelled the product can be ordered again.
    await t.app.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.propertyId, p.id));
    expect((await order({ property: p.hash, product: 'mls-listing-state' })).statusCode).toBe(201);
  });

  it('applies a coupon and the state tax rate, rounding half up to the cent', async () => {
    await t.app.db.insert(taxRates).values({ state: 'WA', rateBasisPoints: 625 });
    await t.app.db.insert(coupons).values({ code: 'SPRING15', percentOff: 15 });
    const p = await addProperty(t.app, alice.userId, 'seller', {
      street: '3 Tax Ln',
      state: 'WA',
      county: 'King County',
    });
    const res = await order({
      property: p.hash,
      product: 'mls-listing-state',
      coupon: ' spring15 ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().order.couponCode).toBe('SPRING15');
    const invoice = (await get(`/api/dashboard/invoices/${res.json().order.invoice}`)).json()
      .invoice;
    // $149.00 - 15% ($22.35) = $126.65; 6.25% tax = $7.915625 → $7.92; total $134.57.
    expect(invoice).toMatchObject({
      subtotalCents: 14_900,
      couponCode: 'SPRING15',
      discountCents: 2_235,
      taxRateBasisPoints: 625,
      taxCents: 792,
      totalCents: 13_457,
      status: 'open',
    });
  });

  it('confirms at once an order with nothing to pay: a free product, or a coupon covering it all', async () => {
    await t.app.db.insert(coupons).values({ code: 'ONUS', amountOffCents: 50_000 });
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '4 Free Way' });
    const fsbo = await order({ property: p.hash, product: 'fsbo-listing' });
    expect(fsbo.statusCode).toBe(201);
    expect(fsbo.json().order.status).toBe('confirmed');
    const free = (await get(`/api/dashboard/invoices/${fsbo.json().order.invoice}`)).json().invoice;
    expect(free).toMatchObject({ status: 'paid', totalCents: 0, paidAt: expect.any(String) });

    const mls = await order({ property: p.hash, product: 'mls-listing-state', coupon: 'onus' });
    expect(mls.json().order.status).toBe('confirmed');
    const covered = (await get(`/api/dashboard/invoices/${mls.json().order.invoice}`)).json()
      .invoice;
    expect(covered).toMatchObject({ discountCents: 14_900, totalCents: 0, status: 'paid' });
  });

  it('records a quote request, without an invoice, for a product priced per agreement (agent representation)', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '5 Quote Ct' });
    const res = await order({ property: p.hash, product: 'seller-flat-fee-representation' });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      status: 'quote_requested',
      priceCents: null,
      invoice: null,
    });
    const withCoupon = await order({
      property: p.hash,
      product: 'seller-hourly-representation',
      coupon: 'SPRING15',
    });
    expect(withCoupon.statusCode).toBe(422);
    expect(withCoupon.json().errors).toEqual({ coupon: [ORDER_MESSAGES.couponNotForQuote] });
  });

  it('refuses coupons that are unknown, inactive, expired or for another product', async () => {
    await t.app.db.insert(coupons).values([
      { code: 'OLD', percentOff: 10, expiresAt: new Date('2020-01-01T00:00:00Z') },
      { code: 'OFF', percentOff: 10, active: false },
      { code: 'FSBOONLY', percentOff: 10, productSlug: 'fsbo-listing' },
    ]);
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '6 Coupon Rd' });
    const cases: Array<[string, string]> = [
      ['NOPE', ORDER_MESSAGES.couponUnknown],
      ['OFF', ORDER_MESSAGES.couponUnknown],
      ['OLD', ORDER_MESSAGES.couponExpired],
      ['FSBOONLY', ORDER_MESSAGES.couponNotForProduct],
    ];
    for (const [code, message] of cases) {
      const res = await order({ property: p.hash, product: 'mls-listing-state', coupon: code });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors).toEqual({ coupon: [message] });
    }
    expect(await t.app.db.select().from(orders).where(eq(orders.propertyId, p.id))).toEqual([]);
  });

  it('refuses a product the property does not offer to this role', async () => {
    const buying = await addProperty(t.app, alice.userId, 'buyer', { street: '7 Buyer Blvd' });
    const res = await order({ property: buying.hash, product: 'mls-listing-state' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ product: [ORDER_MESSAGES.notOffered] });
    const unknown = await order({ property: buying.hash, product: 'no-such-thing' });
    expect(unknown.statusCode).toBe(422);
  });

  it("answers 404 for another user's property and 403 for a participant who cannot edit", async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '8 Private Pl' });
    const other = await order({ property: p.hash, product: 'mls-listing-state' }, bob.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: MESSAGES.notFound });

    await t.app.db
      .insert(propertyParticipants)
      .values({ propertyId: p.id, userId: bob.userId, role: 'sellerAgent', canEdit: false });
    const viewer = await order({ property: p.hash, product: 'mls-listing-state' }, bob.cookie);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ message: ORDER_MESSAGES.cannotOrder });
  });

  it('rejects hostile input with field errors', async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '9 Hostile Dr' });
    const cases = [
      { property: p.hash, product: 'mls-listing-state', coupon: "x' or 1=1 --" },
      { property: p.hash, product: 'mls-listing-state', coupon: 'A'.repeat(41) },
      { property: p.hash, product: 'x'.repeat(81) },
      { property: 'x'.repeat(65), product: 'mls-listing-state' },
      { property: p.hash, product: { $ne: null } },
      { property: p.hash },
    ];
    for (const payload of cases) {
      const res = await order(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual(expect.any(Object));
    }
    expect(await t.app.db.select().from(orders).where(eq(orders.propertyId, p.id))).toEqual([]);
  });
});

describe('GET /api/dashboard/invoices', () => {
  it("lists the user's invoices across properties, or one property's, newest first", async () => {
    const a = await addProperty(t.app, alice.userId, 'seller', { street: '10 List St' });
    const b = await addProperty(t.app, alice.userId, 'seller', { street: '11 List St' });
    await order({ property: a.hash, product: 'mls-listing-state' });
    await order({ property: b.hash, product: 'mls-listing-state' });

    const all = (await get('/api/dashboard/invoices')).json().invoices;
    const mine = all.filter((i: { property: string }) => [a.hash, b.hash].includes(i.property));
    expect(mine.map((i: { streetAddress: string }) => i.streetAddress)).toEqual([
      '11 List St',
      '10 List St',
    ]);
    const one = (await get(`/api/dashboard/invoices?property=${a.hash}`)).json().invoices;
    expect(one).toHaveLength(1);
    expect(one[0]).toMatchObject({
      property: a.hash,
      description: 'Flat Fee MLS Listing',
      status: 'open',
      totalCents: 14_900,
    });
  });

  it("never shows another user's invoices, in the list or by hash", async () => {
    const p = await addProperty(t.app, alice.userId, 'seller', { street: '12 Secret St' });
    const placed = (await order({ property: p.hash, product: 'mls-listing-state' })).json().order;
    expect((await get(`/api/dashboard/invoices?property=${p.hash}`, bob.cookie)).statusCode).toBe(
      404,
    );
    const bobs = (await get('/api/dashboard/invoices', bob.cookie)).json().invoices;
    expect(bobs.some((i: { hash: string }) => i.hash === placed.invoice)).toBe(false);
    const byHash = await get(`/api/dashboard/invoices/${placed.invoice}`, bob.cookie);
    expect(byHash.statusCode).toBe(404);
    expect((await get('/api/dashboard/invoices/not-a-real-one')).statusCode).toBe(404);
    expect((await get('/api/dashboard/invoices')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/invoices' })).statusCode).toBe(
      401,
    );
  });
});
