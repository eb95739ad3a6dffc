import type { Database } from '@lantern/db';
import type pg from 'pg';

export { seedAtScale } from '../../bench/scale-seed.ts';

/** The tables a list reads that grow with the business: none may be read whole. */
export const BIG_TABLES = [
  'listings',
  'orders',
  'users',
  'properties',
  'property_participants',
  'invoices',
  'messages',
  'work_orders',
  'vendor_assignments',
  'settlement_transactions',
];
/**
 * A sort of more than this share of a big table is a sort of the table. Below it, a filter's own
 * matches (homes under $200,000) may be sorted: the planner's choice, and bounded by the filter.
 */
const SORT_SHARE_MAX = 0.05;

interface SentQuery {
  text: string;
  params: unknown[];
  /** A prepared statement's name (decision 087): its generic plan is checked too. */
  name?: string | undefined;
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
    const name = typeof first === 'string' ? undefined : (first as { name?: string })?.name;
    const params = Array.isArray(second)
      ? second
      : ((first as { values?: unknown[] })?.values ?? []);
    if (sink && text && /^[\s(]*(with|select)\b/i.test(text)) sink.push({ text, params, name });
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
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  'Sort Key'?: string[];
  Plans?: PlanNode[];
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/**
 * The plans PostgreSQL may run the query with: the one for these values, and for a prepared
 * statement also the generic plan it may settle on after five executions, which cannot see the
 * values (PostgreSQL 15 has no EXPLAIN (GENERIC_PLAN), hence PREPARE and EXECUTE with literals).
 */
async function plansOf(client: pg.PoolClient, q: SentQuery): Promise<PlanNode[]> {
  const planOf = (rows: unknown[]) =>
    (rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan;
  const custom = planOf((await client.query(`explain (format json) ${q.text}`, q.params)).rows);
  if (!q.name) return custom ? [custom] : [];
  // As node-postgres sends them: an array as PostgreSQL's literal, {1,2}.
  const text = (v: unknown) => (Array.isArray(v) ? `{${v.join(',')}}` : String(v));
  const values = q.params.map((v) =>
    v === null || v === undefined ? 'null' : client.escapeLiteral(text(v)),
  );
  await client.query('set plan_cache_mode = force_generic_plan');
  await client.query(`prepare plan_check as ${q.text}`);
  try {
    const sql = `explain (format json) execute plan_check(${values.join(', ')})`;
    const generic = planOf((await client.query(sql)).rows);
    return [custom, generic].filter((p): p is PlanNode => Boolean(p));
  } finally {
    await client.query('deallocate plan_check');
    await client.query('reset plan_cache_mode');
  }
}

/**
 * What in the query's plans reads a big table whole: a sequential scan, a sort of its rows, or
 * (run, unless `rowsRead` is false) a node that read more than a share of it.
 */
export async function planProblems(
  database: Database,
  q: SentQuery,
  tableRows: number,
  options: { rowsRead?: boolean } = {},
): Promise<string[]> {
  const pool = database.pool;
  if (!pool) throw new Error('query plans need PostgreSQL');
  const client = await pool.connect();
  try {
    if (database.schemaName) await client.query(`set search_path to "${database.schemaName}"`);
    const plans = await plansOf(client, q);
    if (plans.length === 0) return ['no plan'];
    const found: string[] = [];
    for (const [i, plan] of plans.entries()) {
      const which = i === 0 ? '' : 'generic plan: ';
      for (const node of nodes(plan)) {
        const table = node['Relation Name'];
        if (node['Node Type'] === 'Seq Scan' && table && BIG_TABLES.includes(table)) {
          found.push(`${which}sequential scan of ${table} in: ${q.text.slice(0, 160)}`);
        }
        const sorted = node.Plans?.[0]?.['Plan Rows'] ?? 0;
        if (node['Node Type'] === 'Sort' && sorted > tableRows * SORT_SHARE_MAX) {
          found.push(`${which}sort of ${sorted} rows by ${node['Sort Key']?.join(', ')}`);
        }
      }
    }
    if (options.rowsRead !== false) found.push(...(await rowsReadProblems(client, q, tableRows)));
    return found;
  } finally {
    client.release();
  }
}

/**
 * What the query, run, read of a big table beyond a share of it: an index walked with a filter
 * that rejects most rows (a rare search term) costs what a sequential scan does, yet plans the same.
 */
async function rowsReadProblems(
  client: pg.PoolClient,
  q: SentQuery,
  tableRows: number,
): Promise<string[]> {
  const { rows } = await client.query(`explain (analyze, format json) ${q.text}`, q.params);
  const plan = (rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan;
  const found: string[] = [];
  for (const node of plan ? nodes(plan) : []) {
    const table = node['Relation Name'];
    if (!table || !BIG_TABLES.includes(table)) continue;
    const perLoop =
      (node['Actual Rows'] ?? 0) +
      (node['Rows Removed by Filter'] ?? 0) +
      (node['Rows Removed by Index Recheck'] ?? 0);
    const read = perLoop * (node['Actual Loops'] ?? 1);
    if (read > tableRows * SORT_SHARE_MAX) {
      const how = [node['Index Name'], node['Index Cond'], node.Filter].filter(Boolean).join(', ');
      found.push(`${node['Node Type']} read ${read} rows of ${table} (${how}) in: ${q.text}`);
    }
  }
  return found;
}
