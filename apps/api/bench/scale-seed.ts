// The data of a grown business for the scale bench (bench/scale.ts) and the list-plan test
// (test/list-query-plans.test.ts): the same rows, so the plans the test checks are the ones the
// bench measures.
import { type Db, staffRoles, users } from '@lantern/db';
import { seedProductCatalogue } from '@lantern/db/seed';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashResoSecret } from '../src/features/reso/reso-clients.ts';

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
  await seedInvoicesAndMessages(db, rows);
  await seedWorkOrders(db);
  await db.execute(sql`analyze`);
}

const SHARE_ALL = {
  InternetEntireListingDisplayYN: true,
  InternetAddressDisplayYN: true,
  InternetAutomatedValuationDisplayYN: true,
  InternetConsumerCommentYN: true,
  ClosePriceDisplayYN: true,
};

async function seedListings(db: Db, rows: number): Promise<void> {
  // Most public rows are sold or off the market, as on a site that has run for years; a few in
  // 'Nowhere' would make that filter's empty answer untrue, so it has none.
  await db.execute(sql`
    insert into listings (hash, slug, status, street_address, city, state, zip_code, price,
      bedrooms, bathrooms, square_feet, property_type, lat, lng, listed_at, closed_at,
      published_at, syndication, syndicated_at, updated_at)
    select 'l' || g, g || '-oak-ave-l' || g,
      (array['active','pending','sold','sold','sold','withdrawn','expired','sold'])[1 + g % 8]::listing_status,
      g || ' Oak Ave', (array['Austin','Dallas','Houston','Denver','Phoenix'])[1 + g % 5],
      (array['TX','TX','TX','CO','AZ'])[1 + g % 5], (78600 + g % 200)::text,
      50000 + (g * 7919) % 1500000, 1 + g % 6, 1 + (g % 4) * 0.5, 800 + g % 3000,
      (array['single-family','condo','townhouse','multi-family','land'])[1 + g % 5],
      -- Spread over about 40 km around the city's centre ("search this area").
      (array[30.27, 32.78, 29.76, 39.74, 33.45])[1 + g % 5] + ((g * 37) % 1000 - 500) * 0.0004,
      (array[-97.74, -96.8, -95.37, -104.99, -112.07])[1 + g % 5] + ((g * 53) % 1000 - 500) * 0.0004,
      now() - g * interval '7 minutes',
      case when g % 8 in (2, 3, 4, 7) then now() - g * interval '3 minutes' end,
      case when g % 50 = 0 then null else now() - g * interval '7 minutes' end,
      -- Nine in ten sellers share their listing beyond our site (issue 49).
      case when g % 10 <> 0 then ${JSON.stringify(SHARE_ALL)}::jsonb end,
      case when g % 10 <> 0 then now() - g * interval '7 minutes' end,
      now() - g * interval '5 minutes'
    from generate_series(1, ${rows}) g`);
}

/**
 * Each order's invoice, its customer a participant of its property, and `rows` messages over
 * half as many property threads, a third of them staff's answers.
 */
async function seedInvoicesAndMessages(db: Db, rows: number): Promise<void> {
  await db.execute(sql`
    insert into property_participants (property_id, user_id, role)
    select o.property_id, o.user_id, 'seller' from orders o`);
  await db.execute(sql`
    insert into invoices (hash, order_id, kind, property_id, user_id, status, subtotal_cents,
      total_cents, due_date, issued_at)
    select 'i' || o.id, o.id, 'order', o.property_id, o.user_id,
      (array['open','open','paid','paid','paid','paid','paid','partially_refunded','refunded','void'])
        [1 + o.id % 10]::invoice_status,
      14900, 14900, current_date + (o.id % 90 - 60), o.created_at
    from orders o order by o.id`);
  await db.execute(sql`
    insert into messages (hash, property_id, author_id, from_staff, body, created_at)
    select 'm' || g, p.property_id, case when g % 3 = 0 then null else p.user_id end,
      g % 3 = 0, 'Message ' || g, now() - g * interval '3 minutes'
    from generate_series(1, ${rows}) g
    join property_participants p on p.id = (select min(id) from property_participants) + g % ${Math.max(1, Math.floor(rows / 2))}`);
  await db.execute(sql`
    insert into message_threads (property_id, last_message_id)
    select property_id, max(id) from messages group by property_id`);
}

/**
 * Ten vendors, each assigned a tenth of the orders' properties (as agent, field or settlement
 * vendor by turns) and a tenth of the work orders; a settlement transaction on each property.
 */
async function seedWorkOrders(db: Db): Promise<void> {
  await db.execute(sql`
    insert into users (hash, email, created_at, updated_at)
    select 'v' || k, 'vendor' || k || '@example.com', now(), now()
    from generate_series(0, 9) k`);
  await db.execute(sql`
    insert into work_orders (hash, order_id, property_id, kind, state, scheduled_day,
      assignee_id, created_at, updated_at)
    select 'w' || o.id, o.id, o.property_id,
      (array['sign_post_install','sign_post_removal','sign_post_swap'])[1 + o.id % 3]::work_order_kind,
      (array['requested','scheduled','done','done','failed'])[1 + o.id % 5]::work_order_state,
      case when o.id % 5 = 0 then null else current_date + (o.id % 120 - 90) end,
      v.id, o.created_at, now()
    from orders o join users v on v.hash = 'v' || o.id % 10`);
  await db.execute(sql`
    insert into vendor_assignments (hash, user_id, kind, property_id, order_id, created_at)
    select 'a' || o.id, v.id,
      (array['agent','field','settlement'])[1 + o.id / 10 % 3]::vendor_kind,
      o.property_id, o.id, o.created_at
    from orders o join users v on v.hash = 'v' || o.id % 10`);
  await db.execute(sql`
    insert into user_vendor_kinds (user_id, kind)
    select v.id, k::vendor_kind from users v, unnest(array['agent','field','settlement']) k
    where v.hash like 'v_'`);
  await db.execute(sql`
    insert into settlement_transactions (hash, property_id, sale_price_cents, closing_date, status,
      created_at)
    select 's' || o.id, o.property_id, 35000000, current_date - o.id % 700,
      (case when o.id % 4 = 0 then 'open' else 'closed' end)::settlement_transaction_status,
      o.created_at
    from orders o`);
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

/** The bench's RESO Web API token (issue 49): a partner with no practical rate limit. */
export const BENCH_RESO_TOKEN = 'lrt_bench-scale-partner-token';

export async function addBenchResoClient(app: FastifyInstance): Promise<void> {
  const [owner] = await app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, BENCH_OWNER.email));
  const { row } = await app.reso.auth.create(
    { name: 'Bench partner', resources: ['Property', 'Media'], rateLimitPerMinute: 100_000_000 },
    owner?.id ?? 0,
  );
  await app.reso.clients.insertToken(
    row.id,
    hashResoSecret(BENCH_RESO_TOKEN),
    new Date(Date.now() + 24 * 3_600_000),
  );
}
