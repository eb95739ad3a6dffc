import { PRODUCT_TEXTS } from '@lantern/contracts';
import { auditLog } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/** Issue 20: staff read the catalogue; products.manage changes names, prices and who may order; one property. */
let t: TestApp;
let owner: SignedIn;
let support: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
  support = await signUpUser(t.app, 'support');
  await giveStaffRole(t.app, support.userId, 'support');
});
afterAll(() => t.close());

const call = (who: SignedIn, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const photography = async () =>
  (await call(owner, 'GET', `${ADMIN_API.products}?search=photo`)).json().rows[0];

describe('products', () => {
  it('lists the catalogue by name with our published prices, for any staff role', async () => {
    const res = await call(support, 'GET', `${ADMIN_API.products}?limit=100`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as Array<{
      slug: string;
      name: string;
      priceCents: number | null;
    }>;
    const names = rows.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const price = Object.fromEntries(rows.map((r) => [r.slug, r.priceCents]));
    expect(price).toMatchObject({
      photography: 17_900,
      'lockbox-rental': 3_900,
      'real-estate-sign-posts': 8_900,
      'lantern-signs': 3_900,
      'sign-post-purchase': 12_900,
      'sign-purchase': 4_900,
      'home-value-report': 4_900,
      comps: 2_900,
      'free-comps': 0,
      'concierge-review': 4_900,
      'concierge-listing': 9_900,
      'seller-flat-fee-representation': null,
      'buyer-full-service-representation': null,
    });
    expect(rows.find((r) => r.slug === 'photography')).toMatchObject({
      roles: ['seller', 'sellerAgent', 'landlord', 'landlordAgent', 'concierge'],
    });
    // Pages of two walk the whole list once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q = new URLSearchParams({ limit: '2', ...(cursor ? { cursor } : {}) });
      const pageRes = await call(owner, 'GET', `${ADMIN_API.products}?${q}`);
      const body = pageRes.json() as { rows: Array<{ slug: string }>; nextCursor: string | null };
      seen.push(...body.rows.map((r) => r.slug));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(rows.map((r) => r.slug));
  });

  it('an owner changes the price; the next order is invoiced at it and the change is logged', async () => {
    const before = await photography();
    const res = await call(owner, 'PUT', ADMIN_API.product('photography'), {
      name: before.name,
      description: 'One visit, 25 edited photos.',
      priceCents: 18_500,
      roles: before.roles,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      priceCents: 18_500,
      description: 'One visit, 25 edited photos.',
    });

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.update'), eq(auditLog.recordId, 'photography')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.before).toMatchObject({ priceCents: 17_900 });
    expect(entry?.after).toMatchObject({ priceCents: 18_500 });
    expect(entry?.actorEmail).toBe(owner.email);

    const customer = await signUpUser(t.app, 'buyer-of-photos');
    const property = await addProperty(t.app, customer.userId, 'seller', { street: '9 Photo Ln' });
    const ordered = await call(customer, 'POST', '/api/dashboard/orders', {
      property: property.hash,
      product: 'photography',
    });
    expect(ordered.statusCode).toBe(201);
    const order = ordered.json().order;
    expect(order).toMatchObject({ priceCents: 18_500, status: 'pending_payment' });
    const records = await call(owner, 'GET', ADMIN_API.userRecords(customer.hash));
    expect(records.json().invoices).toEqual([
      expect.objectContaining({ hash: order.invoice, totalCents: 18_500, status: 'open' }),
    ]);
  });

  it('who may order is the roles staff choose', async () => {
    const current = await photography();
    const res = await call(owner, 'PUT', ADMIN_API.product('photography'), {
      ...current,
      roles: ['landlord'],
    });
    expect(res.statusCode).toBe(200);
    const seller = await signUpUser(t.app, 'seller-no-photos');
    const property = await addProperty(t.app, seller.userId, 'seller', { street: '10 Photo Ln' });
    const refused = await call(seller, 'POST', '/api/dashboard/orders', {
      property: property.hash,
      product: 'photography',
    });
    expect(refused.statusCode).toBe(422);
    const back = await call(owner, 'PUT', ADMIN_API.product('photography'), current);
    expect(back.json().roles).toEqual(current.roles);
  });

  it('sets and clears a refundable deposit; leaving it out keeps it', async () => {
    const lockbox = async () =>
      (await call(owner, 'GET', `${ADMIN_API.products}?search=lockbox`)).json().rows[0];
    const current = await lockbox();
    expect(current.depositCents).toBe(10_000);
    const { depositCents: _kept, slug: _s, updatedAt: _u, ...withoutDeposit } = current;
    const kept = await call(owner, 'PUT', ADMIN_API.product('lockbox-rental'), withoutDeposit);
    expect(kept.json().depositCents).toBe(10_000);
    const bad = await call(owner, 'PUT', ADMIN_API.product('lockbox-rental'), {
      ...withoutDeposit,
      depositCents: 0,
    });
    expect(bad.json().errors.depositCents).toEqual([PRODUCT_TEXTS.deposit]);
    const cleared = await call(owner, 'PUT', ADMIN_API.product('lockbox-rental'), {
      ...withoutDeposit,
      depositCents: null,
    });
    expect(cleared.json().depositCents).toBeNull();
    const back = await call(owner, 'PUT', ADMIN_API.product('lockbox-rental'), {
      ...withoutDeposit,
      depositCents: 10_000,
    });
    expect(back.json().depositCents).toBe(10_000);
  });

  it('refuses prices that are not whole cents, and roles without products.manage', async () => {
    const current = await photography();
    for (const priceCents of [12.5, -1, 10_000_001, '179']) {
      const res = await call(owner, 'PUT', ADMIN_API.product('photography'), {
        ...current,
        priceCents,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.priceCents).toEqual([PRODUCT_TEXTS.price]);
    }
    const empty = await call(owner, 'PUT', ADMIN_API.product('photography'), {
      ...current,
      roles: [],
    });
    expect(empty.json().errors.roles).toEqual([PRODUCT_TEXTS.rolesRequired]);
    const bySupport = await call(support, 'PUT', ADMIN_API.product('photography'), {
      ...current,
      priceCents: 100,
    });
    expect(bySupport.statusCode).toBe(403);
    expect((await photography()).priceCents).toBe(current.priceCents);
    expect(
      (await call(owner, 'PUT', ADMIN_API.product('no-such-product'), current)).statusCode,
    ).toBe(404);
  });
});

describe('one property', () => {
  it('shows participants to properties.view, orders with orders.view and history with activity.view', async () => {
    const customer = await signUpUser(t.app, 'property-owner');
    const property = await addProperty(t.app, customer.userId, 'seller', {
      street: '12 Detail Dr',
    });
    const renamed = await call(customer, 'POST', '/api/messages', {
      property: property.hash,
      body: 'Hello',
    });
    expect(renamed.statusCode).toBe(201);
    await call(customer, 'POST', '/api/dashboard/orders', {
      property: property.hash,
      product: 'mls-listing-state',
    });

    const full = await call(owner, 'GET', ADMIN_API.property(property.hash));
    expect(full.statusCode).toBe(200);
    expect(full.json()).toMatchObject({
      hash: property.hash,
      address: '12 Detail Dr, Springfield, IL 62701',
      county: 'Sangamon County',
      participants: [
        { user: { hash: customer.hash, email: customer.email }, role: 'seller', canEdit: true },
      ],
      orders: [{ product: 'Flat Fee MLS Listing', orderedBy: customer.email, priceCents: 14_900 }],
    });
    expect(full.json().history.map((h: { action: string }) => h.action)).toEqual(
      expect.arrayContaining(['POST /api/messages', 'order.place']),
    );

    // Support reads properties and orders, not the activity log.
    const partial = (await call(support, 'GET', ADMIN_API.property(property.hash))).json();
    expect(partial.history).toBeNull();
    expect(partial.orders).toHaveLength(1);
    expect((await call(owner, 'GET', ADMIN_API.property('no-such-property'))).statusCode).toBe(404);
  });
});
