import type { TApiTokenCreated } from '@lantern/contracts';
import {
  invoices,
  newHash,
  orders,
  products,
  supportTickets,
  vendorAssignments,
  workOrders,
} from '@lantern/db';
import { LOCKBOX_PRODUCT_SLUG } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

/**
 * Decision 086: the /api/v1 lists that grow with the data read one page from the database
 * (keyset, `limit + 1` rows), with the same answers, order, cursor errors and headers as before.
 */
let t: TestApp;
let owner: SignedIn;
let property: { id: number; hash: string };
const ROWS = 7;

type Who = 'owner' | 'staff' | 'vendor';
const tokens: Record<Who, string> = { owner: '', staff: '', vendor: '' };
const people: Partial<Record<Who, SignedIn>> = {};
const bearer = (who: Who = 'owner') => ({ authorization: `Bearer ${tokens[who]}` });

async function tokenFor(who: SignedIn, scopes: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/account/api-tokens',
    headers: { ...BROWSER, cookie: who.cookie },
    payload: { name: 'Paging', expiresInDays: 30, scopes },
  });
  expect(res.statusCode).toBe(201);
  return res.json<TApiTokenCreated>().token;
}

/** Paid lockbox rental orders waiting for a lockbox, all ordered at the same moment (ties). */
async function waitingLockboxOrders(customer: SignedIn) {
  const [product] = await t.app.db
    .select()
    .from(products)
    .where(eq(products.slug, LOCKBOX_PRODUCT_SLUG));
  if (!product) throw new Error('no lockbox product');
  const at = new Date('2026-06-01T12:00:00.123456Z');
  for (let i = 0; i < ROWS; i++) {
    const place = await addProperty(t.app, customer.userId, 'seller', { street: `${i} Box St` });
    const [order] = await t.app.db
      .insert(orders)
      .values({
        hash: newHash(),
        propertyId: place.id,
        productId: product.id,
        userId: customer.userId,
        status: 'confirmed',
        createdAt: at,
      })
      .returning();
    if (!order) throw new Error('no order');
    await t.app.db.insert(invoices).values({
      hash: newHash(),
      orderId: order.id,
      propertyId: place.id,
      userId: customer.userId,
      status: 'paid',
      subtotalCents: 5000,
      totalCents: 5000,
      dueDate: '2026-12-31',
    });
  }
}

interface Sent {
  text: string;
  rows: number;
}

/**
 * Every statement the driver runs while `run` runs, with how many rows came back: PGlite's
 * client or node-postgres's pool, whichever drizzle holds.
 */
async function rowsFetched(run: () => Promise<unknown>): Promise<Sent[]> {
  const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } })
    .$client;
  const query = client.query;
  const sent: Sent[] = [];
  client.query = async (...args: unknown[]) => {
    const result = (await (query as (...a: unknown[]) => Promise<unknown>).apply(client, args)) as {
      rows?: unknown[];
    };
    const [first] = args;
    const text = typeof first === 'string' ? first : ((first as { text?: string }).text ?? '');
    sent.push({ text, rows: result?.rows?.length ?? 0 });
    return result;
  };
  try {
    await run();
    return sent;
  } finally {
    client.query = query;
  }
}

/** Follow `Link: rel="next"` from `url`, checking the headers, and return every page's items. */
async function pageThrough(url: string, key: string, limit: number, who?: Who) {
  const pages: Array<Array<{ hash: string }>> = [];
  let next: string | null = url;
  while (next) {
    const res = await t.app.inject({ url: next, headers: bearer(who) });
    expect(res.statusCode).toBe(200);
    const items = res.json()[key] as Array<{ hash: string }>;
    pages.push(items);
    const link = res.headers.link as string | undefined;
    const cursor = res.headers['next-cursor'] as string | undefined;
    next = link ? (/^<([^>]+)>; rel="next"$/.exec(link)?.[1] ?? null) : null;
    if (next) {
      expect(items).toHaveLength(limit);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(new URL(next, 'http://x').searchParams.get('cursor')).toBe(cursor);
      expect(new URL(next, 'http://x').searchParams.get('limit')).toBe(String(limit));
      expect(next).toMatch(/^\/api\/v1\//);
    } else {
      expect(cursor).toBeUndefined();
    }
  }
  return pages;
}

/** A settlement vendor assigned to ROWS properties of a seller. */
async function settlementAssignments(vendor: SignedIn, seller: SignedIn) {
  await giveVendorKinds(t.app, vendor.userId, ['settlement']);
  for (let i = 0; i < ROWS; i++) {
    const place = await addProperty(t.app, seller.userId, 'seller', { street: `${i} Title Rd` });
    await t.app.db
      .insert(vendorAssignments)
      .values({ hash: newHash(), userId: vendor.userId, kind: 'settlement', propertyId: place.id });
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'v1-paging');
  const made = await addProperty(t.app, owner.userId, 'seller', { street: '86 Keyset Lane' });
  property = { id: made.id, hash: made.hash };
  const [product] = await t.app.db.select().from(products).limit(1);
  if (!product) throw new Error('no product');
  for (let i = 0; i < ROWS; i++) {
    const [order] = await t.app.db
      .insert(orders)
      .values({
        hash: newHash(),
        propertyId: property.id,
        productId: product.id,
        userId: owner.userId,
        priceCents: 100 + i,
        status: 'cancelled',
      })
      .returning();
    if (!order) throw new Error('no order');
    await t.app.db
      .insert(workOrders)
      .values({ hash: newHash(), orderId: order.id, propertyId: property.id, kind: 'photography' });
    // Two tickets a moment, so the id breaks ties in the order.
    await t.app.db.insert(supportTickets).values({
      hash: newHash(),
      userId: owner.userId,
      subject: `Question ${i}`,
      lastMessageAt: new Date(Date.UTC(2026, 5, 1, 12, Math.floor(i / 2))),
    });
    await t.app.db.insert(invoices).values({
      hash: newHash(),
      orderId: order.id,
      propertyId: property.id,
      userId: owner.userId,
      status: 'void',
      subtotalCents: 100 + i,
      totalCents: 100 + i,
      dueDate: '2026-12-31',
    });
  }
  people.owner = owner;
  tokens.owner = await tokenFor(owner, ['orders:read', 'messages:read', 'properties:read']);
  const staff = await signUpUser(t.app, 'v1-paging-staff');
  await giveStaffRole(t.app, staff.userId, 'owner');
  people.staff = staff;
  tokens.staff = await tokenFor(staff, ['staff:read']);
  await waitingLockboxOrders(await signUpUser(t.app, 'v1-paging-boxes'));
  const vendor = await signUpUser(t.app, 'v1-paging-vendor');
  await settlementAssignments(vendor, await signUpUser(t.app, 'v1-paging-sold'));
  people.vendor = vendor;
  tokens.vendor = await tokenFor(vendor, ['vendor:read']);
});
afterAll(() => t.close());

/** Each list moved into the database: its path, array field and the table its page reads. */
const LISTS = [
  {
    name: 'dashboard/orders',
    path: () => `dashboard/orders?property=${property.hash}`,
    key: 'orders',
    table: 'orders',
  },
  {
    name: 'dashboard/work-orders',
    path: () => `dashboard/work-orders?property=${property.hash}`,
    key: 'workOrders',
    table: 'work_orders',
  },
  {
    name: 'dashboard/invoices of a property',
    path: () => `dashboard/invoices?property=${property.hash}`,
    key: 'invoices',
    table: 'invoices',
  },
  // All of the user's, without ?property= (the route's own query string is kept in the links).
  {
    name: 'dashboard/invoices of the user',
    path: () => 'dashboard/invoices?',
    key: 'invoices',
    table: 'invoices',
  },
  {
    name: 'dashboard/support-tickets',
    path: () => 'dashboard/support-tickets?',
    key: 'tickets',
    table: 'support_tickets',
  },
  {
    name: 'admin/lockboxes/orders',
    path: () => 'admin/lockboxes/orders?',
    key: 'orders',
    table: 'orders',
    who: 'staff' as const,
  },
  {
    name: 'admin/settlement/properties',
    path: () => 'admin/settlement/properties?',
    key: 'properties',
    table: 'vendor_assignments',
    who: 'staff' as const,
  },
  {
    name: 'vendor/settlement/properties',
    path: () => 'vendor/settlement/properties?',
    key: 'properties',
    table: 'vendor_assignments',
    who: 'vendor' as const,
  },
];

describe.each(LISTS)('$name under /api/v1', ({ path, key, table, who }) => {
  const v1 = () => `/api/v1/${path()}`;

  it('pages through every row once, in the browser list’s order, the last page without next', async () => {
    const whole = await t.app.inject({
      url: `/api/${path()}`,
      headers: { cookie: people[who ?? 'owner']?.cookie ?? '' },
    });
    const all = whole.json()[key] as Array<{ hash: string }>;
    expect(all).toHaveLength(ROWS);
    const pages = await pageThrough(`${v1()}&limit=3`, key, 3, who);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    // Item for item what the browser reads, in its order.
    expect(pages.flat()).toEqual(all);
  });

  it('reads one page from the database, not the whole list', async () => {
    const sent = await rowsFetched(() =>
      t.app.inject({ url: `${v1()}&limit=2`, headers: bearer(who) }),
    );
    const from = new RegExp(`from "${table}"`, 'i');
    const list = sent.filter((q) => from.test(q.text) && /order by/i.test(q.text));
    expect(list).toHaveLength(1);
    expect(list[0]?.rows).toBe(3);
    expect(list[0]?.text).toMatch(/limit/i);
  });

  it('refuses a bad cursor or limit with 422', async () => {
    for (const query of ['cursor=%%%', 'cursor=bm9wZQ', 'limit=0', 'limit=101']) {
      const res = await t.app.inject({ url: `${v1()}&${query}`, headers: bearer(who) });
      expect(res.statusCode, query).toBe(422);
    }
  });
});
