import { COUPON_TEXTS, ORDER_MESSAGES, TAX_TEXTS, type TCouponTerms } from '@lantern/contracts';
import { auditLog, couponRedemptions, coupons, products } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

let t: TestApp;
let owner: SignedIn;
let marketing: SignedIn;
let support: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'cp-owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
  marketing = await signUpUser(t.app, 'cp-marketing');
  await giveStaffRole(t.app, marketing.userId, 'marketing');
  support = await signUpUser(t.app, 'cp-support');
  await giveStaffRole(t.app, support.userId, 'support');
  ops = await signUpUser(t.app, 'cp-ops');
  await giveStaffRole(t.app, ops.userId, 'operations');
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: object, who: SignedIn) =>
  t.app.inject({ method, url, headers: { ...BROWSER, cookie: who.cookie }, payload });
const get = (url: string, who: SignedIn) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

const terms: TCouponTerms = {
  description: '',
  percentOff: null,
  amountOffCents: null,
  productSlug: null,
  active: true,
  startsAt: null,
  expiresAt: null,
  maxRedemptions: null,
  oncePerCustomer: false,
  firstOrderOnly: false,
};
const makeCoupon = async (code: string, more: Partial<typeof terms>) => {
  const res = await send('POST', ADMIN_API.coupons, { ...terms, code, ...more }, marketing);
  expect(res.statusCode).toBe(201);
  return res.json();
};

let streetNo = 0;
/** A new customer with a property in Illinois. */
async function customer() {
  const who = await signUpUser(t.app, 'cp-customer');
  const property = await addProperty(t.app, who.userId, 'seller', {
    street: `${++streetNo} Coupon Ct`,
  });
  return { who, property: property.hash };
}
const order = (
  c: { who: SignedIn; property: string },
  coupon: string,
  product = 'mls-listing-state',
) => send('POST', '/api/dashboard/orders', { property: c.property, product, coupon }, c.who);
const couponError = (res: { json(): { errors?: { coupon?: string[] } } }) =>
  res.json().errors?.coupon?.[0];

describe('staff manage coupons', () => {
  it('makes a coupon, lists it, changes it and logs both; the code is stored upper case', async () => {
    const made = await makeCoupon('summer-10', {
      description: 'Summer mailer',
      percentOff: 10,
      productSlug: 'mls-listing-state',
      maxRedemptions: 50,
    });
    expect(made).toMatchObject({ code: 'SUMMER-10', percentOff: 10, redemptions: 0 });

    const list = await get(`${ADMIN_API.coupons}?search=summer`, support);
    expect(list.statusCode).toBe(200);
    expect(list.json().rows.map((c: { code: string }) => c.code)).toEqual(['SUMMER-10']);

    const changed = await send(
      'PUT',
      ADMIN_API.coupon('summer-10'),
      { ...terms, percentOff: 20, active: false },
      marketing,
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ percentOff: 20, active: false, productSlug: null });

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, 'SUMMER-10'));
    expect(entries.map((e) => e.action).sort()).toEqual(['coupon.create', 'coupon.update']);
    const update = entries.find((e) => e.action === 'coupon.update');
    expect(update?.before).toMatchObject({ percentOff: 10, active: true });
    expect(update?.after).toMatchObject({ percentOff: 20, active: false });
  });

  it('refuses bad terms in the words of the field, and keeps nothing', async () => {
    const cases: Array<[object, string, string]> = [
      [{ code: 'BOTH', percentOff: 10, amountOffCents: 500 }, 'percentOff', COUPON_TEXTS.discount],
      [{ code: 'NONE' }, 'percentOff', COUPON_TEXTS.discount],
      [{ code: 'BIG', percentOff: 101 }, 'percentOff', COUPON_TEXTS.percent],
      [{ code: 'X', percentOff: 5 }, 'code', COUPON_TEXTS.code],
      [{ code: 'FREE', amountOffCents: 0 }, 'amountOffCents', COUPON_TEXTS.amount],
      [
        {
          code: 'BACKWARDS',
          percentOff: 5,
          startsAt: '2026-07-01T00:00:00Z',
          expiresAt: '2026-06-01T00:00:00Z',
        },
        'expiresAt',
        COUPON_TEXTS.window,
      ],
      [
        { code: 'NOWHERE', percentOff: 5, productSlug: 'no-such' },
        'productSlug',
        COUPON_TEXTS.productUnknown,
      ],
    ];
    for (const [body, field, text] of cases) {
      const res = await send('POST', ADMIN_API.coupons, { ...terms, ...body }, marketing);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([text]);
    }
    const rows = await t.app.db.select({ code: coupons.code }).from(coupons);
    expect(rows.map((r) => r.code)).not.toContain('NOWHERE');

    await makeCoupon('TWICE', { percentOff: 5 });
    const again = await send(
      'POST',
      ADMIN_API.coupons,
      { ...terms, code: 'twice', percentOff: 9 },
      marketing,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.code).toEqual([COUPON_TEXTS.codeTaken]);
  });

  it('needs "Manage coupons" to change them: support may read, not write', async () => {
    const res = await send(
      'POST',
      ADMIN_API.coupons,
      { ...terms, code: 'SNEAKY', percentOff: 90 },
      support,
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('customers redeem coupons under their rules', () => {
  it('refuses a coupon before its start', async () => {
    await makeCoupon('LATER', {
      percentOff: 10,
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const res = await order(await customer(), 'later');
    expect(res.statusCode).toBe(422);
    expect(couponError(res)).toBe(ORDER_MESSAGES.couponNotStarted);
  });

  it('counts uses up to the cap; cancelling an unpaid order gives its use back', async () => {
    await makeCoupon('TWO-ONLY', { percentOff: 10, maxRedemptions: 2 });
    const first = await order(await customer(), 'TWO-ONLY');
    const second = await order(await customer(), 'TWO-ONLY');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    const third = await order(await customer(), 'TWO-ONLY');
    expect(third.statusCode).toBe(422);
    expect(couponError(third)).toBe(ORDER_MESSAGES.couponUsedUp);

    // Staff void the first (unpaid) invoice: its order is cancelled and the use is free again.
    const voided = await send('POST', ADMIN_API.invoiceVoid(first.json().order.invoice), {}, ops);
    expect(voided.statusCode).toBe(200);
    const fourth = await order(await customer(), 'TWO-ONLY');
    expect(fourth.statusCode).toBe(201);
    const [row] = await t.app.db
      .select({ count: coupons.redemptionCount })
      .from(coupons)
      .where(eq(coupons.code, 'TWO-ONLY'));
    expect(row?.count).toBe(2);

    // A cap below the uses already held is refused.
    const lower = await send(
      'PUT',
      ADMIN_API.coupon('TWO-ONLY'),
      { ...terms, percentOff: 10, maxRedemptions: 1 },
      marketing,
    );
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors.maxRedemptions).toEqual([COUPON_TEXTS.belowUses]);
  });

  it('gives the last use to exactly one of two customers ordering at once', async () => {
    await makeCoupon('LAST-ONE', { amountOffCents: 1_000, maxRedemptions: 1 });
    const [a, b] = [await customer(), await customer()];
    const results = await Promise.all([order(a, 'LAST-ONE'), order(b, 'LAST-ONE')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.map(couponError).filter(Boolean)).toEqual([ORDER_MESSAGES.couponUsedUp]);
    const held = await t.app.db
      .select()
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(eq(coupons.code, 'LAST-ONE'));
    expect(held).toHaveLength(1);
  });

  it('once per customer: a second order by the same customer is refused, also when simultaneous', async () => {
    await makeCoupon('ONCE', { percentOff: 5, oncePerCustomer: true });
    const c = await customer();
    const other = await addProperty(t.app, c.who.userId, 'seller', { street: '77 Second Home Rd' });
    const third = await addProperty(t.app, c.who.userId, 'seller', { street: '78 Third Home Rd' });
    const results = await Promise.all([
      order(c, 'ONCE'),
      order({ who: c.who, property: other.hash }, 'ONCE'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.map(couponError).filter(Boolean)).toEqual([ORDER_MESSAGES.couponAlreadyUsed]);
    const later = await order({ who: c.who, property: third.hash }, 'once');
    expect(couponError(later)).toBe(ORDER_MESSAGES.couponAlreadyUsed);
    // Someone else may still use it.
    expect((await order(await customer(), 'ONCE')).statusCode).toBe(201);
  });

  it('first order only: refused once the customer has an order, allowed again if it was cancelled', async () => {
    await makeCoupon('WELCOME', { percentOff: 25, firstOrderOnly: true });
    const c = await customer();
    const plain = await order(c, '', 'mls-listing-state');
    expect(plain.statusCode).toBe(201);
    const other = await addProperty(t.app, c.who.userId, 'seller', { street: '90 Welcome Way' });
    const refused = await order({ who: c.who, property: other.hash }, 'WELCOME');
    expect(couponError(refused)).toBe(ORDER_MESSAGES.couponFirstOrderOnly);

    await send('POST', ADMIN_API.invoiceVoid(plain.json().order.invoice), {}, ops);
    const allowed = await order({ who: c.who, property: other.hash }, 'WELCOME');
    expect(allowed.statusCode).toBe(201);
    expect(allowed.json().order.couponCode).toBe('WELCOME');
  });
});

describe('tax rates and taxable lines', () => {
  it('staff with "Manage tax rates" set a state rate; new orders there are taxed, a deposit is not', async () => {
    const list = await get(ADMIN_API.taxRates, support);
    expect(list.statusCode).toBe(200);
    expect(list.json().rates).toHaveLength(51);
    expect(list.json().rates[0]).toMatchObject({ state: 'AL', stateName: 'Alabama' });

    expect(
      (await send('PUT', ADMIN_API.taxRate('IL'), { rateBasisPoints: 625 }, marketing)).statusCode,
    ).toBe(403);
    const bad = await send('PUT', ADMIN_API.taxRate('IL'), { rateBasisPoints: 10_001 }, owner);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.rateBasisPoints).toEqual([TAX_TEXTS.rate]);
    const nowhere = await send('PUT', ADMIN_API.taxRate('PR'), { rateBasisPoints: 100 }, owner);
    expect(nowhere.json().errors.state).toEqual([TAX_TEXTS.state]);

    const set = await send('PUT', ADMIN_API.taxRate('il'), { rateBasisPoints: 625 }, owner);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ state: 'IL', rateBasisPoints: 625 });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tax_rate.update'), eq(auditLog.recordId, 'IL')));
    expect(entry).toMatchObject({
      before: { rateBasisPoints: 0 },
      after: { rateBasisPoints: 625 },
    });

    // The lockbox: $39 rental taxed at 6.25% ($2.44), the $100 deposit on its own untaxed line.
    const [lockbox] = await t.app.db
      .select({ price: products.priceCents, deposit: products.depositCents })
      .from(products)
      .where(eq(products.slug, 'lockbox-rental'));
    expect(lockbox).toEqual({ price: 3_900, deposit: 10_000 });
    const c = await customer();
    const placed = await order(c, '', 'lockbox-rental');
    expect(placed.statusCode).toBe(201);
    const invoice = (
      await get(`/api/dashboard/invoices/${placed.json().order.invoice}`, c.who)
    ).json().invoice;
    expect(invoice.lines).toEqual([
      expect.objectContaining({ amountCents: 3_900, taxable: true }),
      expect.objectContaining({
        description: 'Refundable deposit',
        amountCents: 10_000,
        taxable: false,
      }),
    ]);
    expect(invoice).toMatchObject({
      subtotalCents: 13_900,
      taxRateBasisPoints: 625,
      taxCents: 244,
      totalCents: 14_144,
    });
    // Set back, so other tests in this file see untaxed Illinois.
    await send('PUT', ADMIN_API.taxRate('IL'), { rateBasisPoints: 0 }, owner);
  });
});
