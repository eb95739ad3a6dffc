import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, migrate, migrationsFolder } from './client.ts';

/**
 * A database made by an older release must reach the head with its rows intact and the very
 * schema a fresh database gets (issue 43). The older release is today's main: every migration
 * up to BASE, rebuilt from the committed files, which never change once released (BASE_HASH).
 * On PostgreSQL when DATABASE_URL is set, each database in a schema of its own; else PGlite.
 */
const BASE = '0052_idempotency_keys';
const BASE_HASH = 'bde33717b8af4b5f0003119a40132c09e32ed0d133a3fdd0ae514b4bc053da86';
/** Made on two branches at once and renumbered at the merge: older than 0043 (issue 43). */
const OUT_OF_ORDER = new Set(['0044_mls_order_boards']);

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
const entries: JournalEntry[] = journal.entries;
const baseEntries = entries.slice(0, entries.findIndex((e) => e.tag === BASE) + 1);

/** Rows as a database at BASE holds them: columns named as they were then, values as text. */
const FIXTURE: { table: string; row: Record<string, string> }[] = [
  { table: 'users', row: { id: '9001', hash: 'upg-user', email: 'upgrade@example.com' } },
  {
    table: 'properties',
    row: {
      id: '9001',
      hash: 'upg-prop',
      location_type: 'address',
      street: '1 Upgrade Way',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    },
  },
  {
    table: 'property_participants',
    row: { id: '9001', property_id: '9001', user_id: '9001', role: 'seller' },
  },
  {
    table: 'products',
    row: { id: '9001', slug: 'upgrade-test', name: 'Upgrade test', description: 'Kept.' },
  },
  {
    table: 'orders',
    row: {
      id: '9001',
      hash: 'upg-order',
      property_id: '9001',
      product_id: '9001',
      user_id: '9001',
      status: 'confirmed',
    },
  },
  {
    table: 'invoices',
    row: {
      id: '9001',
      hash: 'upg-invoice',
      order_id: '9001',
      property_id: '9001',
      user_id: '9001',
      status: 'paid',
      subtotal_cents: '10000',
      total_cents: '10000',
      paid_cents: '10000',
      due_date: '2026-11-01',
    },
  },
  {
    table: 'payments',
    row: {
      id: '9001',
      hash: 'upg-payment',
      invoice_id: '9001',
      amount_cents: '10000',
      method: 'check',
      reference: 'CHK 1001',
      received_on: '2026-11-02',
    },
  },
  {
    table: 'listings',
    row: {
      id: '9001',
      hash: 'upg-listing',
      street_address: '1 Upgrade Way',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      price: '350000',
    },
  },
  { table: 'messages', row: { id: '9001', hash: 'upg-msg', property_id: '9001', body: 'Hello' } },
  { table: 'jobs', row: { id: '9001', kind: 'upgrade.test', payload: '{"a": 1}' } },
  {
    table: 'audit_log',
    row: {
      id: '9001',
      actor_kind: 'user',
      method: 'POST',
      url: '/api/x',
      action: 'x.change',
      status: '200',
    },
  },
];

const url = process.env.DATABASE_URL || undefined;
const opened: { database: Database; schemaName: string | undefined }[] = [];

async function open(label: string): Promise<{ database: Database; schema?: string }> {
  const schemaName = url ? `upgrade_${label}_${process.pid}` : undefined;
  const database = await createDatabase({ url, schemaName, poolMax: 2 });
  opened.push({ database, schemaName });
  return schemaName ? { database, schema: schemaName } : { database };
}

afterAll(async () => {
  for (const { database, schemaName } of opened) {
    if (schemaName) await database.db.execute(sql.raw(`DROP SCHEMA ${schemaName} CASCADE`));
    await database.close();
  }
});

function baseHash(): string {
  const hash = createHash('sha256');
  for (const { tag, when } of baseEntries) {
    hash.update(`${tag} ${when}\n`);
    hash.update(readFileSync(join(migrationsFolder, `${tag}.sql`)));
  }
  return hash.digest('hex');
}

async function rows(database: Database, query: string): Promise<Record<string, unknown>[]> {
  const result = (await database.db.execute(sql.raw(query))) as { rows: Record<string, unknown>[] };
  return result.rows;
}

async function insertFixture(database: Database): Promise<void> {
  for (const { table, row } of FIXTURE) {
    const columns = Object.keys(row).map((c) => `"${c}"`);
    const values = Object.values(row).map((v) => `'${v.replaceAll("'", "''")}'`);
    await rows(database, `INSERT INTO "${table}" (${columns}) VALUES (${values})`);
  }
}

/** Each fixture row as it reads now, its columns as text. */
async function readFixture(database: Database): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (const { table, row } of FIXTURE) {
    const columns = Object.keys(row).map((c) => `"${c}"::text AS "${c}"`);
    found.push(...(await rows(database, `SELECT ${columns} FROM "${table}" WHERE id = 9001`)));
  }
  return found;
}

/** Everything the migrations make in the current schema, with the schema's name taken out. */
async function schemaOf(database: Database, schema = 'public'): Promise<Record<string, unknown>> {
  const queries = {
    columns: `SELECT table_name, column_name, ordinal_position, data_type, udt_name, is_nullable,
        column_default FROM information_schema.columns WHERE table_schema = current_schema()
        ORDER BY table_name, ordinal_position`,
    constraints: `SELECT t.relname, c.conname, pg_get_constraintdef(c.oid) AS def
        FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid
        WHERE t.relnamespace = current_schema()::regnamespace ORDER BY 1, 2`,
    indexes: `SELECT tablename, indexname, indexdef FROM pg_indexes
        WHERE schemaname = current_schema() ORDER BY 1, 2`,
    enums: `SELECT t.typname, e.enumlabel FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid
        WHERE t.typnamespace = current_schema()::regnamespace ORDER BY 1, e.enumsortorder`,
    triggers: `SELECT c.relname, tg.tgname, pg_get_triggerdef(tg.oid) AS def FROM pg_trigger tg
        JOIN pg_class c ON c.oid = tg.tgrelid
        WHERE c.relnamespace = current_schema()::regnamespace AND NOT tg.tgisinternal ORDER BY 1, 2`,
    functions: `SELECT proname, pg_get_functiondef(oid) AS def FROM pg_proc
        WHERE pronamespace = current_schema()::regnamespace ORDER BY 1, 2`,
    sequences: `SELECT sequence_name, data_type FROM information_schema.sequences
        WHERE sequence_schema = current_schema() ORDER BY 1`,
    views: `SELECT table_name, view_definition FROM information_schema.views
        WHERE table_schema = current_schema() ORDER BY 1`,
  };
  const found: Record<string, unknown> = {};
  for (const [name, query] of Object.entries(queries)) found[name] = await rows(database, query);
  return JSON.parse(
    JSON.stringify(found).replaceAll(`${schema}.`, '').replaceAll(`"${schema}".`, ''),
  );
}

describe('migrations', () => {
  it('are ordered by the journal, whose times rise, and never change once released', () => {
    const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    expect(files.sort()).toEqual(entries.map((e) => `${e.tag}.sql`));
    for (const [i, entry] of entries.entries()) {
      expect(entry.idx).toBe(i);
      const named = i < baseEntries.length ? /^\d{4}_\w+$/ : /^\d{14}_\w+$/;
      expect(entry.tag).toMatch(named);
      const previous = entries[i - 1];
      if (previous && !OUT_OF_ORDER.has(entry.tag))
        expect(entry.when).toBeGreaterThan(previous.when);
    }
    expect(baseHash(), `a migration up to ${BASE} was edited or renamed`).toBe(BASE_HASH);
  });

  it("upgrade a database made by today's main, keeping its rows", async () => {
    const fresh = await open('fresh');
    await migrate(fresh.database, fresh.schema);
    const old = await open('old');
    await migrate(old.database, old.schema, { upTo: BASE });
    await insertFixture(old.database);
    const before = await readFixture(old.database);
    expect(before).toHaveLength(FIXTURE.length);

    await migrate(old.database, old.schema);

    expect(await readFixture(old.database)).toEqual(before);
    const applied = old.schema
      ? `"${old.schema}".__drizzle_migrations`
      : 'drizzle.__drizzle_migrations';
    expect(await rows(old.database, `SELECT count(*)::int AS n FROM ${applied}`)).toEqual([
      { n: entries.length },
    ]);
    const want = await schemaOf(fresh.database, fresh.schema);
    expect((want.columns as unknown[]).length).toBeGreaterThan(500);
    expect(await schemaOf(old.database, old.schema)).toEqual(want);
  }, 180_000);
});
