import { type ApiTokenRow, apiTokens, type Db } from '@lantern/db';
import { and, asc, count, eq, gt, lte } from 'drizzle-orm';

export type { ApiTokenRow };

/** Personal access tokens (issue 25): rows keyed by the SHA-256 of the token. */
export function createApiTokenRepository(db: Db) {
  return {
    async findByHash(tokenHash: string): Promise<ApiTokenRow | undefined> {
      const [row] = await db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
      return row;
    },
    async insert(row: typeof apiTokens.$inferInsert): Promise<ApiTokenRow> {
      const [created] = await db.insert(apiTokens).values(row).returning();
      if (!created) throw new Error('api token insert returned no row');
      return created;
    },
    /** A user's tokens, oldest first (expired ones too, until they are swept). */
    listForUser: (userId: number) =>
      db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(asc(apiTokens.id)),
    async countLive(userId: number, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, userId), gt(apiTokens.expiresAt, now)));
      return row?.n ?? 0;
    },
    /** Delete one of the user's tokens; answers its hash, or null when it was not theirs. */
    async deleteForUser(userId: number, id: number): Promise<string | null> {
      const [row] = await db
        .delete(apiTokens)
        .where(and(eq(apiTokens.userId, userId), eq(apiTokens.id, id)))
        .returning({ tokenHash: apiTokens.tokenHash });
      return row?.tokenHash ?? null;
    },
    /** Delete every token of a user (locked, deleted); answers their hashes. */
    async deleteAllForUser(userId: number): Promise<string[]> {
      const rows = await db
        .delete(apiTokens)
        .where(eq(apiTokens.userId, userId))
        .returning({ tokenHash: apiTokens.tokenHash });
      return rows.map((r) => r.tokenHash);
    },
    async touch(id: number, at: Date): Promise<void> {
      await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
    },
    /** Expired tokens are no use to anyone: the daily sweep deletes them after a grace month. */
    async deleteExpiredBefore(before: Date): Promise<number> {
      const rows = await db
        .delete(apiTokens)
        .where(lte(apiTokens.expiresAt, before))
        .returning({ id: apiTokens.id });
      return rows.length;
    },
  };
}
export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>;
