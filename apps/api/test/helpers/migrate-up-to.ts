import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '@lantern/db';
import type { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';

const source = join(import.meta.dirname, '..', '..', '..', '..', 'packages', 'db', 'migrations');

/**
 * Apply the committed migrations up to and including `lastTag` only: a database as an earlier
 * release left it, so a data migration can be tested on the rows it will meet.
 */
export async function migrateUpTo(database: Database, lastTag: string, schemaName?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-migrations-'));
  cpSync(source, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const last = journal.entries.findIndex((e: { tag: string }) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration tagged ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  const config = { migrationsFolder: dir, ...(schemaName ? { migrationsSchema: schemaName } : {}) };
  // biome-ignore lint/suspicious/noExplicitAny: each migrator wants its own driver's type
  if (database.kind === 'postgres') await migratePg(database.db as any, config);
  // biome-ignore lint/suspicious/noExplicitAny: as above
  else await migratePglite(database.db as any, config);
  rmSync(dir, { recursive: true, force: true });
}

/** The rows of a raw query, on either driver. */
export const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
