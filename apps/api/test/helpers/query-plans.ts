import type { Database } from '@lantern/db';

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
