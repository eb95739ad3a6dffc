import { randomBytes } from 'node:crypto';
import { createDatabase, type Database, migrate } from '@lantern/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateUpTo, rows } from './helpers/migrate-up-to.ts';

describe('migration 0008: our published prices where price_cents is null', () => {
  let database: Database;
  const url = process.env.DATABASE_URL;
  const schemaName = url ? `t_${randomBytes(6).toString('hex')}` : undefined;

  beforeAll(async () => {
    database = await createDatabase({ url, schemaName, poolMax: 2 });
    await migrateUpTo(database, '0007_staff_jobs_audit', schemaName);
    // An installation as issue 5 seeded it, where staff had already priced comps by hand.
    await database.db.execute(sql`insert into products (slug, name, price_cents, description) values
      ('mls-listing-state', 'Flat Fee MLS Listing', 14900, 'd'),
      ('free-comps', 'Free Comps', 0, 'd'),
      ('comps', 'Comps Report', 3500, 'd'),
      ('home-value-report', 'Home Value Report', null, 'd'),
      ('photography', 'Photography', null, 'd'),
      ('lockbox-rental', 'Lockbox Rental', null, 'd'),
      ('lantern-signs', 'Yard Signs', null, 'd'),
      ('real-estate-sign-posts', 'Sign Posts', null, 'd'),
      ('sign-post-purchase', 'Sign Post Purchase', null, 'd'),
      ('sign-purchase', 'Sign Purchase', null, 'd'),
      ('seller-flat-fee-representation', 'Seller Flat Fee', null, 'd'),
      ('buyer-hourly-representation', 'Buyer Hourly', null, 'd'),
      ('concierge-review', 'Concierge Review', null, 'd'),
      ('concierge-listing', 'Concierge Listing', null, 'd')`);
    await migrate(database, schemaName);
  });
  afterAll(async () => {
    if (database?.pool && schemaName)
      await database.pool.query(`DROP SCHEMA "${schemaName}" CASCADE`);
    await database?.close();
  });

  it('prices the quoted products as issue 20 lists them, leaving priced rows and agent representation alone', async () => {
    const prices = await rows<{ slug: string; price_cents: number | null }>(
      database,
      sql`select slug, price_cents from products order by slug`,
    );
    expect(Object.fromEntries(prices.map((p) => [p.slug, p.price_cents]))).toEqual({
      'buyer-hourly-representation': null,
      comps: 3500,
      'concierge-listing': 9900,
      'concierge-review': 4900,
      'free-comps': 0,
      'home-value-report': 4900,
      'lantern-signs': 3900,
      'lockbox-rental': 3900,
      'mls-listing-state': 14900,
      photography: 17900,
      'real-estate-sign-posts': 8900,
      'seller-flat-fee-representation': null,
      'sign-post-purchase': 12900,
      'sign-purchase': 4900,
    });
  });

  it('adds the lock column, empty for every account', async () => {
    const [column] = await rows<{ is_nullable: string }>(
      database,
      sql`select is_nullable from information_schema.columns where table_name = 'users' and column_name = 'locked_at'${schemaName ? sql` and table_schema = ${schemaName}` : sql``}`,
    );
    expect(column?.is_nullable).toBe('YES');
  });
});
