import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, migrate } from '@lantern/db';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

/**
 * Several instances starting together against one PostgreSQL server each run the migrations at
 * start (issue 26): one applies them while the others wait on its advisory lock, then find
 * nothing left to do. Without the lock two of them apply the same migration and one fails.
 */
const url = process.env.DATABASE_URL;
const journal = join(import.meta.dirname, '../../../packages/db/migrations/meta/_journal.json');

describe.skipIf(!url)('migrations started by several instances at once', () => {
  it('are applied exactly once, and every instance starts', async () => {
    const schemaName = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Pool({ connectionString: url, max: 1 });
    // The first makes the schema; four CREATE SCHEMA IF NOT EXISTS at once can race in PostgreSQL.
    const first = await createDatabase({ url, schemaName, poolMax: 2 });
    const instances = [
      first,
      ...(await Promise.all(
        Array.from({ length: 3 }, () => createDatabase({ url, schemaName, poolMax: 2 })),
      )),
    ];
    try {
      const outcomes = await Promise.allSettled(instances.map((db) => migrate(db, schemaName)));
      expect(outcomes.map((o) => o.status)).toEqual(Array(4).fill('fulfilled'));
      const entries = JSON.parse(readFileSync(journal, 'utf8')).entries.length;
      const { rows } = await admin.query(
        `select count(*)::int as n from "${schemaName}".__drizzle_migrations`,
      );
      expect(rows[0].n).toBe(entries);
    } finally {
      await Promise.all(instances.map((db) => db.close()));
      await admin.query(`DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
      await admin.end();
    }
  });
});
