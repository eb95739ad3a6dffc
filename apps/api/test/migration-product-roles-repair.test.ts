import { randomBytes } from 'node:crypto';
import { createDatabase, type Database, migrate } from '@lantern/db';
import { CATALOGUE, SIGNS_SLUG, seedProductCatalogue } from '@lantern/db/seed';
import { ADMIN_API, signsSlug } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { BROWSER, testConfig } from './helpers/build-test-app.ts';
import { signUpUser } from './helpers/dashboard-fixtures.ts';
import { migrateUpTo, rows } from './helpers/migrate-up-to.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Migration 0043 (issue 36): Admin → Products wrote the listing side's roles to every product it
 * saved. A database as today's main left it: every product saved once (so each holds the faulty
 * set), one county added since with the faulty roles, and two products whose roles staff then
 * changed on purpose. The repair restores the damaged ones from the catalogue and keeps, and
 * lists, the deliberate ones.
 */
const FAULTY = ['seller', 'sellerAgent', 'landlord', 'landlordAgent', 'concierge'];
const SIGNS = signsSlug('Lantern');
const url = process.env.DATABASE_URL;
const schemaName = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
let database: Database;

const setRoles = (slug: string, roles: string[] | null) =>
  database.db.execute(
    sql`update product_coverage set roles = ${
      roles ? `{${roles.join(',')}}` : null
    }::property_role[] where product_id = (select id from products where slug = ${slug})`,
  );

/** Every coverage row's roles of each product, as sorted sets: one entry per distinct set. */
async function rolesBySlug() {
  const found = await rows<{ slug: string; roles: string[] | null }>(
    database,
    sql`select distinct p.slug, (select array_agg(r::text order by r::text) from unnest(pc.roles) r) as roles
        from products p join product_coverage pc on pc.product_id = p.id order by p.slug`,
  );
  const out: Record<string, Array<string[] | null>> = {};
  for (const { slug, roles } of found) out[slug] = [...(out[slug] ?? []), roles];
  return out;
}

beforeAll(async () => {
  database = await createDatabase({ url, schemaName, poolMax: 2 });
  await migrateUpTo(database, '0042_property_position_precision', schemaName);
  await seedProductCatalogue(database.db, { signsSlug: SIGNS });
  for (const entry of CATALOGUE) {
    await setRoles(entry.slug === SIGNS_SLUG ? SIGNS : entry.slug, FAULTY);
  }
  // A county added after the damage took the product's (faulty) roles.
  await database.db.execute(sql`insert into product_coverage (product_id, state, county, roles)
    select id, 'WA', 'King County', ${`{${FAULTY.join(',')}}`}::property_role[]
    from products where slug = 'buyer-flat-fee-representation'`);
  // Changed on purpose afterwards: a listing-side product and a buyer product.
  await setRoles('photography', ['landlord']);
  await setRoles('buyer-hourly-representation', ['buyerAgent']);
  await migrate(database, schemaName);
}, 60_000);
afterAll(async () => {
  if (database?.pool && schemaName)
    await database.pool.query(`DROP SCHEMA "${schemaName}" CASCADE`);
  await database?.close();
});

describe('migration 0043: who may order, repaired from the catalogue', () => {
  it('restores the damaged products from the catalogue and keeps the deliberate ones', async () => {
    const expected: Record<string, Array<string[] | null>> = {};
    for (const entry of CATALOGUE) {
      const slug = entry.slug === SIGNS_SLUG ? SIGNS : entry.slug;
      expected[slug] = [entry.roles ? [...entry.roles].sort() : null];
    }
    expected.photography = [['landlord']];
    expected['buyer-hourly-representation'] = [['buyerAgent']];
    expect(await rolesBySlug()).toEqual(expected);
  });

  it('records what it did, and logs each product in the activity log', async () => {
    const done = await rows<{ slug: string; outcome: string }>(
      database,
      sql`select p.slug, r.outcome from product_role_repairs r join products p on p.id = r.product_id order by p.slug`,
    );
    expect(done).toEqual([
      { slug: 'buyer-flat-fee-representation', outcome: 'restored' },
      { slug: 'buyer-full-service-representation', outcome: 'restored' },
      { slug: 'buyer-hourly-representation', outcome: 'kept' },
      { slug: 'comps', outcome: 'restored' },
      { slug: 'free-comps', outcome: 'restored' },
      { slug: 'home-value-report', outcome: 'restored' },
      { slug: 'photography', outcome: 'kept' },
    ]);
    const entries = await rows<{ record_id: string; action: string; actor_kind: string }>(
      database,
      sql`select record_id, action, actor_kind, before, after from audit_log order by record_id`,
    );
    expect(entries).toHaveLength(7);
    expect(entries.every((e) => e.actor_kind === 'system')).toBe(true);
    expect(entries.find((e) => e.record_id === 'free-comps')).toMatchObject({
      action: 'product.roles-restored',
      before: { roles: FAULTY },
      after: { roles: null },
    });
    expect(entries.find((e) => e.record_id === 'photography')).toMatchObject({
      action: 'product.roles-kept',
      before: { roles: ['landlord'] },
      after: { roles: ['landlord'] },
    });
  });

  it('lists the kept differences for staff on Admin → Products', async () => {
    const app: FastifyInstance = await buildApp({
      config: testConfig(),
      database,
      logger: false,
    });
    await app.ready();
    try {
      const staff = await signUpUser(app, 'support');
      await giveStaffRole(app, staff.userId, 'support');
      const res = await app.inject({
        method: 'GET',
        url: ADMIN_API.productRoleRepair,
        headers: { ...BROWSER, cookie: staff.cookie },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.kept).toEqual([
        {
          slug: 'buyer-hourly-representation',
          name: 'Buyer Agent, Hourly',
          rolesFound: ['buyerAgent'],
          catalogueRoles: ['buyer', 'buyerAgent'],
        },
        {
          slug: 'photography',
          name: 'Photography',
          rolesFound: ['landlord'],
          catalogueRoles: FAULTY,
        },
      ]);
      expect(body.restored.map((r: { slug: string }) => r.slug)).toEqual([
        'buyer-flat-fee-representation',
        'buyer-full-service-representation',
        'comps',
        'free-comps',
        'home-value-report',
      ]);
      expect(typeof body.repairedAt).toBe('string');
    } finally {
      await app.close();
    }
  });
});
