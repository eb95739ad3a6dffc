import type { Database } from '@lantern/db';
import { seedProductCatalogue } from '@lantern/db/seed';
import { sql } from 'drizzle-orm';

/** The tables a list reads that grow with the business: none may be read whole. */
export const BIG_TABLES = ['listings', 'orders', 'users', 'properties'];
/**
 * A sort of more than this share of a big table is a sort of the table. Below it, a filter's own
 * matches (homes under $200,000) may be sorted: the planner's choice, and bounded by the filter.
 */
const SORT_SHARE_MAX = 0.05;

interface SentQuery {
  text: string;
  params: unknown[];
}

/**
 * Every SELECT sent through node-postgres while `run` runs, with its values, so the test can ask
 * PostgreSQL for the plan of exactly what the code sent.
 */
export function captureQueries(database: Database) {
  const pool = database.pool;
  if (!pool) throw new Error('query plans need PostgreSQL');
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  let sink: SentQuery[] | null = null;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
    const params = Array.isArray(second)
      ? second
      : ((first as { values?: unknown[] })?.values ?? []);
    if (sink && text && /^\s*(with|select)\b/i.test(text)) sink.push({ text, params });
    return query(...args);
  };
  return {
    async during(run: () => Promise<unknown>): Promise<SentQuery[]> {
      sink = [];
      try {
        await run();
        return sink;
      } finally {
        sink = null;
      }
    },
    stop() {
      (pool as { query: unknown }).query = query;
    },
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows': number;
  'Sort Key'?: string[];
  Plans?: PlanNode[];
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/** What in the query's plan reads a big table whole: a sequential scan, or a sort of its rows. */
export async function planProblems(
  database: Database,
  q: SentQuery,
  tableRows: number,
): Promise<string[]> {
  const pool = database.pool;
  if (!pool) throw new Error('query plans need PostgreSQL');
  const client = await pool.connect();
  try {
    if (database.schemaName) await client.query(`set search_path to "${database.schemaName}"`);
    const { rows } = await client.query(`explain (format json) ${q.text}`, q.params);
    const plan = (rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan;
    if (!plan) return ['no plan'];
    const found: string[] = [];
    for (const node of nodes(plan)) {
      const table = node['Relation Name'];
      if (node['Node Type'] === 'Seq Scan' && table && BIG_TABLES.includes(table)) {
        found.push(`sequential scan of ${table} in: ${q.text.slice(0, 160)}`);
      }
      const sorted = node.Plans?.[0]?.['Plan Rows'] ?? 0;
      if (node['Node Type'] === 'Sort' && sorted > tableRows * SORT_SHARE_MAX) {
        found.push(`sort of ${sorted} rows by ${node['Sort Key']?.join(', ')}`);
      }
    }
    return found;
  } finally {
    client.release();
  }
}

/**
 * `rows` users, properties, orders and public listings, spread over cities, ZIPs, prices,
 * statuses and two years, then ANALYZE: the planner sees the table sizes of a grown business.
 */
export async function seedAtScale(database: Database, rows: number): Promise<void> {
  const { db } = database;
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
  await seedListings(database, rows);
  await db.execute(sql`analyze`);
}

async function seedListings(database: Database, rows: number): Promise<void> {
  // Most public rows are sold or off the market, as on a site that has run for years; a few in
  // 'Nowhere' would make that filter's empty answer untrue, so it has none.
  await database.db.execute(sql`
    insert into listings (hash, status, street_address, city, state, zip_code, price, bedrooms,
      bathrooms, square_feet, property_type, listed_at, closed_at, published_at)
    select 'l' || g,
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
