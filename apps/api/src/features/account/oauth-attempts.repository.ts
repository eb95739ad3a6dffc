import type { TSocialProvider } from '@lantern/contracts';
import { type Db, oauthAttempts } from '@lantern/db';
import { eq, lt, sql } from 'drizzle-orm';

export interface LiveAttempt {
  provider: string;
  state: string;
  nonce: string;
}

/** Social sign-in attempts (state and nonce before any session exists), each usable once. */
export function createOauthAttemptRepository(db: Db) {
  return {
    async create(input: {
      id: string;
      provider: TSocialProvider;
      state: string;
      nonce: string;
      ttlMs: number;
    }): Promise<void> {
      const { ttlMs, ...values } = input;
      // Abandoned attempts are dropped as new ones start, so the table stays small.
      await db.delete(oauthAttempts).where(lt(oauthAttempts.expiresAt, sql`now()`));
      await db
        .insert(oauthAttempts)
        .values({ ...values, expiresAt: sql`now() + ${`${ttlMs} milliseconds`}::interval` });
    },
    /** Take the attempt out of the table: a second use, or an expired one, finds nothing. */
    async consume(id: string): Promise<LiveAttempt | undefined> {
      const [row] = await db
        .delete(oauthAttempts)
        .where(eq(oauthAttempts.id, id))
        .returning({
          provider: oauthAttempts.provider,
          state: oauthAttempts.state,
          nonce: oauthAttempts.nonce,
          live: sql<boolean>`${oauthAttempts.expiresAt} > now()`,
        });
      if (!row?.live) return undefined;
      return { provider: row.provider, state: row.state, nonce: row.nonce };
    },
  };
}
export type OauthAttemptRepository = ReturnType<typeof createOauthAttemptRepository>;
