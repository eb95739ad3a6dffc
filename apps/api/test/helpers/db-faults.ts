import type { Db } from '@lantern/db';
import { sql } from 'drizzle-orm';

let counter = 0;

/**
 * A database fault for a test: a trigger that refuses `op` on `table` for rows matching `when`
 * (SQL over `new`). Returns what takes it away again.
 */
export async function refuseRows(
  db: Db,
  when: string,
  { table = 'audit_log', op = 'insert' }: { table?: string; op?: 'insert' | 'update' } = {},
): Promise<() => Promise<void>> {
  const name = `test_fault_${++counter}_${process.pid}`;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin if ${when} then raise exception 'refused by the test'; end if; return new; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before ${op} on ${table}
      for each row execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}

/** Runs `run` while the rows matching `when` are refused. */
export async function whileRefused<T>(db: Db, when: string, run: () => Promise<T>): Promise<T> {
  const allow = await refuseRows(db, when);
  try {
    return await run();
  } finally {
    await allow();
  }
}
