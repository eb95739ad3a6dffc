import { type Db, type IdempotencyKeyRow, idempotencyKeys } from '@lantern/db';
import { and, eq, sql } from 'drizzle-orm';

export interface KeyClaim {
  scope: string;
  key: string;
  userId: number | null;
  fingerprint: string;
  claim: string;
}

export interface KeptAnswer {
  status: number;
  contentType: string | null;
  body: string | null;
  secret: boolean;
}

const DAY = `24 hours`;
const mine = (scope: string, key: string, claim: string) =>
  and(
    eq(idempotencyKeys.scope, scope),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.claim, claim),
    eq(idempotencyKeys.state, 'running'),
  );

/** The idempotency keys table (decision 067): one row per scope and key, 24 hours. */
export function createIdempotencyKeyRepository(db: Db) {
  return {
    /**
     * Take the key for this request: a new row, or one past its 24 hours, or a running one whose
     * request has held it longer than `leaseMs` (it died). Null when someone else holds it.
     */
    async claim(c: KeyClaim, leaseMs: number): Promise<boolean> {
      const fresh = {
        ...c,
        state: 'running' as const,
        lockedAt: sql`now()`,
        createdAt: sql`now()`,
        status: null,
        contentType: null,
        body: null,
        secret: false,
      };
      const [row] = await db
        .insert(idempotencyKeys)
        .values(fresh)
        .onConflictDoUpdate({
          target: [idempotencyKeys.scope, idempotencyKeys.key],
          set: fresh,
          setWhere: sql`${idempotencyKeys.createdAt} <= now() - ${DAY}::interval
            or (${idempotencyKeys.state} = 'running'
              and ${idempotencyKeys.lockedAt} <= now() - ${`${leaseMs} milliseconds`}::interval
              and ${idempotencyKeys.fingerprint} = ${c.fingerprint})`,
        })
        .returning({ claim: idempotencyKeys.claim });
      return row?.claim === c.claim;
    },
    /** The live row for a scope and key (within its 24 hours). */
    async find(scope: string, key: string): Promise<IdempotencyKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.scope, scope),
            eq(idempotencyKeys.key, key),
            sql`${idempotencyKeys.createdAt} > now() - ${DAY}::interval`,
          ),
        );
      return row;
    },
    /** Keep the answer of the request holding the claim. */
    async finish(scope: string, key: string, claim: string, answer: KeptAnswer): Promise<void> {
      await db
        .update(idempotencyKeys)
        .set({ ...answer, state: 'done' })
        .where(mine(scope, key, claim));
    },
    /** Free the key (a 5xx): the next try runs again. */
    async release(scope: string, key: string, claim: string): Promise<void> {
      await db.delete(idempotencyKeys).where(mine(scope, key, claim));
    },
    /** Rows past their 24 hours; returns how many went. */
    async removeExpired(): Promise<number> {
      const gone = await db
        .delete(idempotencyKeys)
        .where(sql`${idempotencyKeys.createdAt} <= now() - ${DAY}::interval`)
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}
export type IdempotencyKeyRepository = ReturnType<typeof createIdempotencyKeyRepository>;
