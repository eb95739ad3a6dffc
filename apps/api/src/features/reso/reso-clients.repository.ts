import { type Db, resoAccessTokens, resoClients, resoRequests, users } from '@lantern/db';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';

/** Partners' OAuth clients, their tokens and their request log (issue 49). */
export function createResoClientRepository(db: Db) {
  return {
    async insert(row: typeof resoClients.$inferInsert) {
      const [saved] = await db.insert(resoClients).values(row).returning();
      if (!saved) throw new Error('The RESO client was not written.');
      return saved;
    },
    async list() {
      return db
        .select({ client: resoClients, createdByEmail: users.email })
        .from(resoClients)
        .leftJoin(users, eq(users.id, resoClients.createdBy))
        .orderBy(desc(resoClients.createdAt), desc(resoClients.id));
    },
    async byHash(hash: string) {
      const [row] = await db.select().from(resoClients).where(eq(resoClients.hash, hash));
      return row;
    },
    async byClientId(clientId: string) {
      const [row] = await db.select().from(resoClients).where(eq(resoClients.clientId, clientId));
      return row;
    },
    /** Revoked now: its tokens stop with it. */
    async revoke(id: number) {
      const [row] = await db
        .update(resoClients)
        .set({ revokedAt: new Date() })
        .where(and(eq(resoClients.id, id), isNull(resoClients.revokedAt)))
        .returning();
      if (row) await db.delete(resoAccessTokens).where(eq(resoAccessTokens.clientId, id));
      return row;
    },
    async insertToken(clientId: number, tokenHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .delete(resoAccessTokens)
          .where(
            and(
              eq(resoAccessTokens.clientId, clientId),
              lt(resoAccessTokens.expiresAt, new Date()),
            ),
          );
        await tx.insert(resoAccessTokens).values({ clientId, tokenHash, expiresAt });
        await tx
          .update(resoClients)
          .set({ lastUsedAt: new Date() })
          .where(eq(resoClients.id, clientId));
      });
    },
    /** The live client a token stands for: unexpired, and the client not revoked. */
    async clientOfToken(tokenHash: string) {
      const [row] = await db
        .select({ client: resoClients })
        .from(resoAccessTokens)
        .innerJoin(resoClients, eq(resoClients.id, resoAccessTokens.clientId))
        .where(
          and(
            eq(resoAccessTokens.tokenHash, tokenHash),
            gt(resoAccessTokens.expiresAt, new Date()),
            isNull(resoClients.revokedAt),
          ),
        );
      return row?.client;
    },
    async logRequest(row: typeof resoRequests.$inferInsert) {
      await db.insert(resoRequests).values(row);
    },
    /** A client's newest requests, and how many it made in the last day. */
    async requests(clientId: number, limit: number) {
      const rows = await db
        .select()
        .from(resoRequests)
        .where(eq(resoRequests.clientId, clientId))
        .orderBy(desc(resoRequests.at), desc(resoRequests.id))
        .limit(limit);
      const [day] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(resoRequests)
        .where(
          and(
            eq(resoRequests.clientId, clientId),
            gt(resoRequests.at, sql`now() - interval '1 day'`),
          ),
        );
      return { rows, lastDay: day?.n ?? 0 };
    },
  };
}
export type ResoClientRepository = ReturnType<typeof createResoClientRepository>;
