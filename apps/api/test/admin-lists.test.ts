import { SUPPORT_API } from '@lantern/contracts';
import { newHash, users } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

let t: TestApp;
let marketing: SignedIn;
let support: SignedIn;
const TAG = `lst${Date.now()}`;

beforeAll(async () => {
  t = await buildTestApp();
  marketing = await signUpUser(t.app, 'marketing');
  await giveStaffRole(t.app, marketing.userId, 'marketing');
  support = await signUpUser(t.app, 'support');
  await giveStaffRole(t.app, support.userId, 'support');
  // 2,345 customers with one created_at for many rows: keyset paging must not skip or repeat.
  await t.app.db.insert(users).values(
    Array.from({ length: 2345 }, (_, i) => ({
      hash: newHash(),
      email: `${TAG}.${String(i).padStart(4, '0')}@example.com`,
      name: i % 7 === 0 ? `=HYPERLINK("x") ${i}` : null,
      createdAt: new Date(Date.UTC(2025, 0, 1 + (i % 10))),
    })),
  );
});
afterAll(() => t.close());

const get = (who: SignedIn, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });

describe('admin lists', () => {
  it('walks every row once by keyset pages, in either order and either sort', async () => {
    for (const [sort, dir] of [
      ['created', 'desc'],
      ['email', 'asc'],
    ] as const) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const qs = new URLSearchParams({ search: TAG, sort, dir, limit: '100' });
        if (cursor) qs.set('cursor', cursor);
        const res = await get(marketing, `${ADMIN_API.users}?${qs}`);
        expect(res.statusCode).toBe(200);
        const body = res.json();
        seen.push(...body.rows.map((r: { email: string }) => r.email));
        cursor = body.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(2345);
      expect(new Set(seen).size).toBe(2345);
      if (sort === 'email') expect(seen).toEqual([...seen].sort());
    }
  });

  it('filters by kind of account and searches by email', async () => {
    const vendor = await signUpUser(t.app, `${TAG}-vendor`);
    await giveVendorKinds(t.app, vendor.userId, ['concierge']);
    const vendors = await get(marketing, `${ADMIN_API.users}?type=vendor&search=${TAG}`);
    expect(vendors.json().rows.map((r: { email: string }) => r.email)).toEqual([vendor.email]);
    expect(vendors.json().rows[0].vendorKinds).toEqual(['concierge']);
    const staff = await get(marketing, `${ADMIN_API.users}?type=staff&role=support`);
    expect(staff.json().rows.map((r: { email: string }) => r.email)).toEqual([support.email]);
    const none = await get(
      marketing,
      `${ADMIN_API.users}?search=${encodeURIComponent('%_nobody')}`,
    );
    expect(none.json()).toEqual({ rows: [], nextCursor: null });
  });

  it('exports the whole filtered list as CSV in one download, formulas defused', async () => {
    const res = await get(
      marketing,
      `${ADMIN_API.usersExport}?search=${TAG}&type=customer&sort=email&dir=asc`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('Email,Name,Staff role,Vendor kinds,Properties,Joined');
    expect(lines).toHaveLength(2346);
    expect(lines[1]).toMatch(
      new RegExp(`^${TAG}\\.0000@example\\.com,"'=HYPERLINK\\(""x""\\) 0",`),
    );
    // The export is in the activity log (a bulk read of personal data).
    const [entry] = (
      await t.app.auditLog.page({ actor: 'staff', search: 'users.export', dir: 'desc', limit: 1 })
    ).rows;
    expect(entry).toMatchObject({ action: 'users.export', actorEmail: marketing.email });
  });

  it('refuses the export to a role without the export permission', async () => {
    expect((await get(support, ADMIN_API.usersExport)).statusCode).toBe(403);
    expect((await get(support, ADMIN_API.users)).statusCode).toBe(200);
  });

  it('finds properties by address for assigning vendors', async () => {
    const owner = await signUpUser(t.app, 'prop-owner');
    await addProperty(t.app, owner.userId, 'seller', { street: `77 ${TAG} Road` });
    const res = await get(support, `${ADMIN_API.properties}?search=${TAG}`);
    expect(res.json().rows).toEqual([
      expect.objectContaining({
        address: `77 ${TAG} Road, Springfield, IL 62701`,
        participants: 1,
      }),
    ]);
  });

  it('the admin home shows only the figures the role may see', async () => {
    const owner = await signUpUser(t.app, 'home-owner');
    await giveStaffRole(t.app, owner.userId, 'owner');
    const all = (await get(owner, ADMIN_API.summary)).json();
    expect(all.figures.map((f: { key: string }) => f.key)).toEqual([
      'users',
      'properties',
      'orders',
      'revenue',
      'open',
    ]);
    // Issue 47: everything that waits for someone today, each linking to its filtered list.
    expect(all.attention.map((a: { key: string; href: string }) => [a.key, a.href])).toEqual([
      ['quotes', '/admin/orders?status=quote_requested'],
      ['listings', '/admin/mls-listings?status=submitted'],
      ['changes', '/admin/listing-changes?status=pending'],
      ['work-orders', '/admin/work-orders?state=requested'],
      ['documents', '/admin/documents?state=submitted'],
      ['messages', '/admin/messages'],
      ['tickets', '/admin/support?state=open'],
      ['jobs', '/admin/jobs?status=failed'],
      ['crm', '/admin/crm'],
    ]);
    expect(all.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Today's accounts in the business time zone, counted by the database.
    const counted = (await t.app.db.execute(
      sql`select count(*)::int as n from ${users} where ${users.createdAt} >= (date_trunc('day', now() at time zone 'America/New_York') at time zone 'America/New_York')`,
    )) as unknown as { rows: Array<{ n: number }> };
    const n = counted.rows[0]?.n ?? -1;
    expect(all.figures[0]).toMatchObject({ label: 'New accounts', value: n });
    // A ticket a customer opens is one more waiting, for a role that answers customers only.
    const tickets = async (who: SignedIn) =>
      (await get(who, ADMIN_API.summary))
        .json()
        .attention.find((a: { key: string }) => a.key === 'tickets')?.count as number;
    const before = await tickets(support);
    const customer = await signUpUser(t.app, 'home-ticket');
    const opened = await t.app.inject({
      method: 'POST',
      url: SUPPORT_API.tickets,
      headers: { ...BROWSER, cookie: customer.cookie },
      payload: { subject: 'Sign post', body: 'The sign post leans.' },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(await tickets(support)).toBe(before + 1);
    expect(
      (await get(support, ADMIN_API.summary)).json().attention.map((a: { key: string }) => a.key),
    ).toEqual(expect.not.arrayContaining(['crm', 'jobs', 'listings']));

    const nothing = await t.app.inject({
      method: 'POST',
      url: ADMIN_API.roles,
      headers: { ...BROWSER, cookie: owner.cookie },
      payload: { name: 'Bare', permissions: [] },
    });
    const bare = await signUpUser(t.app, 'bare');
    await giveStaffRole(t.app, bare.userId, nothing.json().key);
    expect((await get(bare, ADMIN_API.summary)).json()).toMatchObject({
      figures: [],
      attention: [],
    });
    expect((await get(bare, ADMIN_API.access)).json()).toEqual({
      role: { key: 'bare', name: 'Bare', isOwner: false },
      permissions: [],
    });
  });
});
