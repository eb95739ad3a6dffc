import { type Database, migrate } from '@lantern/db';
import type { sql } from 'drizzle-orm';

/**
 * Apply the committed migrations up to and including `lastTag` only: a database as an earlier
 * release left it, so a data migration can be tested on the rows it will meet.
 */
export async function migrateUpTo(database: Database, lastTag: string, schemaName?: string) {
  await migrate(database, schemaName, { upTo: lastTag });
}

/** The rows of a raw query, on either driver. */
export const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
