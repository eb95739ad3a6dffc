// The data of a grown business for the scale bench (bench/scale.ts) and the list-plan test
// (test/list-query-plans.test.ts): the same rows, so the plans the test checks are the ones the
// bench measures.
import { type Db, staffRoles, users } from '@lantern/db';
import { seedProductCatalogue } from '@lantern/db/seed';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * `rows` users, properties, orders and public listings, spread over cities, ZIPs, prices,
 * statuses and two years, then ANALYZE: the planner sees the table sizes of a grown business.
 */
export async function seedAtScale(db: Db, rows: number): Promise<void> {
  await seedProductCatalogue(db, { signsSlug: 'lantern-signs' });
  await db.execute(sql`
    insert into users (hash, email, created_at, updated_at)
    select 'u' || g, 'person' || g || '@example.com', now() - g * interval '5 minutes', now()
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    insert into properties (hash, location_type, street, city, state, zip)
    select 'p' || g, 'address', g || ' Elm St',
      (array['Austin','Dallas','Houston','Denver','Phoenix'])[1 + g % 5],
      (array['TX','TX','TX','CO','AZ'])[1 + g % 5], (78600 + g % 200)::text
    from generate_series(1, ${rows}) g`);
  await db.execute(sql`
    with p as (select array_agg(id order by id) ids from products)
    insert into orders (hash, property_id, product_id, user_id, status, price_cents, created_at)
    select 'o' || g, (select id from properties where hash = 'p' || g),
      p.ids[1 + g % array_length(p.ids, 1)], (select id from users where hash = 'u' || g),
      (array['pending_payment','completed','completed','cancelled','confirmed'])[1 + g % 5]::order_status,
      14900, now() - g * interval '5 minutes'
    from generate_series(1, ${rows}) g, p`);
  await seedListings(db, rows);
  await db.execute(sql`analyze`);
}

async function seedListings(db: Db, rows: number): Promise<void> {
  // Most public rows are sold or off the market, as on a site that has run for years; a few in
  // 'Nowhere' would make that filter's empty answer untrue, so it has none.
  await db.execute(sql`
    insert into listings (hash, slug, status, street_address, city, state, zip_code, price,
      bedrooms, bathrooms, square_feet, property_type, listed_at, closed_at, published_at)
    select 'l' || g, g || '-oak-ave-l' || g,
      (array['active','pending','sold','sold','sold','withdrawn','expired','sold'])[1 + g % 8]::listing_status,
      g || ' Oak Ave', (array['Austin','Dallas','Houston','Denver','Phoenix'])[1 + g % 5],
      (array['TX','TX','TX','CO','AZ'])[1 + g % 5], (78600 + g % 200)::text,
      50000 + (g * 7919) % 1500000, 1 + g % 6, 1 + (g % 4) * 0.5, 800 + g % 3000,
      (array['single-family','condo','townhouse','multi-family','land'])[1 + g % 5],
      now() - g * interval '7 minutes',
      case when g % 8 in (2, 3, 4, 7) then now() - g * interval '3 minutes' end,
      case when g % 50 = 0 then null else now() - g * interval '7 minutes' end
    from generate_series(1, ${rows}) g`);
}

/** The staff account the scale bench reads the admin lists as. */
export const BENCH_OWNER = {
  email: 'bench-owner@example.com',
  password: 'a long bench passphrase',
};

/** Signs BENCH_OWNER up and makes it an owner (every admin list is open to it). */
export async function addBenchOwner(app: FastifyInstance, origin: string): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/account/sign-up',
    headers: { 'x-requested-with': 'XMLHttpRequest', origin },
    payload: BENCH_OWNER,
  });
  if (res.statusCode !== 200) throw new Error(`bench owner sign-up: ${res.statusCode}`);
  const [owner] = await app.db.select().from(staffRoles).where(eq(staffRoles.key, 'owner'));
  const [row] = await app.db
    .update(users)
    .set({ staffRoleId: owner?.id ?? null })
    .where(eq(users.email, BENCH_OWNER.email))
    .returning({ id: users.id });
  // The sign-up cached the account as a customer; drop it so the next request sees the role.
  await app.currentUser.changed(row?.id ?? 0);
}
