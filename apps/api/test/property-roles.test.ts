import { PROPERTY_ROLES } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './helpers/build-test-app.ts';

/**
 * The seven per-property roles are defined once, in packages/contracts (issue 13); the schema
 * takes them from there, and the migrated database must hold exactly them, in the same order.
 */
describe('property roles', () => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(async () => {
    await t.drop();
  });

  it('are the database enum’s values', async () => {
    const result: unknown = await t.database.db.execute(
      sql`select unnest(enum_range(null::property_role))::text as role`,
    );
    // node-postgres answers {rows}; PGlite answers {rows} too, through drizzle.
    const { rows } = result as { rows: Array<{ role: string }> };
    const values = rows.map((r) => r.role);
    expect(values).toEqual([...PROPERTY_ROLES]);
  });
});
