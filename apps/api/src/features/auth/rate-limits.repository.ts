import { type Db, rateLimits } from '@lantern/db';
import { eq, inArray, sql } from 'drizzle-orm';

export interface Window {
  count: number;
  resetAt: Date;
}

/** Fixed-window counters in the database, so every instance sees the same numbers. */
export function createRateLimitRepository(db: Db) {
  return {
    /** Count one event in the key's window, opening a new window when the old one has ended. */
    async hit(key: string, windowMs: number): Promise<Window> {
      const reset = sql`now() + ${`${windowMs} milliseconds`}::interval`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: reset })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${reset} else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
      if (!row) throw new Error('rate limit upsert returned nothing');
      return row;
    },
    /** The live window for a key, or null when none is open. */
    async peek(key: string): Promise<Window | null> {
      const [row] = await db
        .select({ count: rateLimits.count, resetAt: rateLimits.resetAt })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} and ${rateLimits.resetAt} > now()`);
      return row ?? null;
    },
    async clear(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
    /**
     * A lease: a row that lives `ttlMs` unless renewed. Open WebSockets hold one each, so every
     * instance can count a session's sockets; a crashed instance's leases simply run out.
     */
    async openLease(key: string, ttlMs: number): Promise<void> {
      await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt: sql`now() + ${`${ttlMs} milliseconds`}::interval` })
        .onConflictDoNothing();
    },
    async countLeases(prefix: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(rateLimits)
        .where(sql`starts_with(${rateLimits.key}, ${prefix}) and ${rateLimits.resetAt} > now()`);
      return row?.n ?? 0;
    },
    async renewLeases(keys: string[], ttlMs: number): Promise<void> {
      if (keys.length === 0) return;
      await db
        .update(rateLimits)
        .set({ resetAt: sql`now() + ${`${ttlMs} milliseconds`}::interval` })
        .where(inArray(rateLimits.key, keys));
    },
    /** Drop ended windows; called now and then so the table stays small. */
    async sweep(): Promise<void> {
      await db.delete(rateLimits).where(sql`${rateLimits.resetAt} <= now()`);
    },
  };
}
export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
