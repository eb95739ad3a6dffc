import type { TAdminProduct } from '@lantern/contracts';
import { auditLog } from '@lantern/db';
import { CATALOGUE, SIGNS_SLUG } from '@lantern/db/seed';
import { ADMIN_API, PROPERTY_ROLES, signsSlug, type TPropertyRole } from '@lantern/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Issue 36: Admin → Products read every product's roles as the first listing-side row's, and a
 * save wrote them back, so editing only a description changed who may order the product.
 */
let t: TestApp;
let owner: SignedIn;
/** One customer per property role, each with a property in that role. */
const customers = new Map<TPropertyRole, { who: SignedIn; hash: string }>();

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
  for (const role of PROPERTY_ROLES) {
    const who = await signUpUser(t.app, `as-${role}`);
    const property = await addProperty(t.app, who.userId, role, { street: `7 ${role} Way` });
    customers.set(role, { who, hash: property.hash });
  }
}, 60_000);
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: owner.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** What services-for-property answers, by role. */
async function offeredByRole() {
  const out: Record<string, Record<string, boolean>> = {};
  for (const [role, { who, hash }] of customers) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dashboard/services-for-property?property=${hash}`,
      headers: { ...BROWSER, cookie: who.cookie },
    });
    out[role] = res.json();
  }
  return out;
}

async function catalogueRows(): Promise<TAdminProduct[]> {
  return (await call('GET', `${ADMIN_API.products}?limit=100`)).json().rows;
}

const slugOf = (slug: string) => (slug === SIGNS_SLUG ? signsSlug(t.app.config.siteName) : slug);
const sorted = (roles: readonly string[] | null | undefined) =>
  roles ? [...roles].sort() : (roles ?? null);

describe('who may order, as Admin → Products reads it', () => {
  it("answers each product's own roles, as the catalogue seeded them", async () => {
    const bySlug = new Map((await catalogueRows()).map((p) => [p.slug, p]));
    for (const entry of CATALOGUE) {
      const row = bySlug.get(slugOf(entry.slug));
      expect(row, entry.slug).toBeDefined();
      expect({ slug: entry.slug, roles: sorted(row?.roles) }).toEqual({
        slug: entry.slug,
        roles: sorted(entry.roles ?? null),
      });
    }
  });
});

describe('editing only a description', () => {
  it('leaves services-for-property unchanged for every role, for every catalogue product', async () => {
    const before = await offeredByRole();
    for (const entry of CATALOGUE) {
      const product = (await catalogueRows()).find((p) => p.slug === slugOf(entry.slug));
      if (!product) throw new Error(`${entry.slug} missing`);
      // What the dashboard's form sends: the product as listed, the description changed.
      const res = await call('PUT', ADMIN_API.product(product.slug), {
        name: product.name,
        description: `${product.description} (edited)`,
        priceCents: product.priceCents,
        depositCents: product.depositCents,
        roles: product.roles,
      });
      expect(res.statusCode, entry.slug).toBe(200);
      expect(await offeredByRole(), `after editing ${entry.slug}`).toEqual(before);
    }
  });

  it("logs the save with the product's own roles before and after", async () => {
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'product.update'),
          eq(auditLog.recordId, 'buyer-hourly-representation'),
        ),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.before).toMatchObject({ roles: ['buyer', 'buyerAgent'] });
    expect(entry?.after).toMatchObject({ roles: ['buyer', 'buyerAgent'] });
    expect(entry?.actorEmail).toBe(owner.email);
  });

  it('leaves roles alone when the edit omits them, and when it sends the same ones reordered', async () => {
    const before = await offeredByRole();
    const product = (await catalogueRows()).find((p) => p.slug === 'buyer-flat-fee-representation');
    if (!product) throw new Error('missing');
    const { slug: _s, updatedAt: _u, roles, ...rest } = product;
    const omitted = await call('PUT', ADMIN_API.product(product.slug), {
      ...rest,
      description: 'Omitted roles.',
    });
    expect(omitted.statusCode).toBe(200);
    expect(omitted.json().roles).toEqual(['buyer', 'buyerAgent']);
    const reordered = await call('PUT', ADMIN_API.product(product.slug), {
      ...rest,
      roles: [...(roles ?? [])].reverse(),
    });
    expect(reordered.json().roles).toEqual(['buyer', 'buyerAgent']);
    expect(await offeredByRole()).toEqual(before);
  });

  it('a real change of roles is written, and changes who is offered the product', async () => {
    const product = (await catalogueRows()).find((p) => p.slug === 'buyer-hourly-representation');
    if (!product) throw new Error('missing');
    const res = await call('PUT', ADMIN_API.product(product.slug), {
      ...product,
      roles: ['buyerAgent'],
    });
    expect(res.json().roles).toEqual(['buyerAgent']);
    const offered = await offeredByRole();
    expect(offered.buyer?.['buyer-hourly-representation']).toBe(false);
    expect(offered.buyerAgent?.['buyer-hourly-representation']).toBe(true);
    expect(offered.seller?.['buyer-hourly-representation']).toBe(false);
  });
});
