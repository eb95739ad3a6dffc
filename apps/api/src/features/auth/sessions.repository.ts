import { type Db, sessions } from '@lantern/db';
import { and, count, eq, gt, inArray, ne } from 'drizzle-orm';

export type SessionRow = typeof sessions.$inferSelect;

/** Session rows; ids are keyed hashes of the cookie tokens (features/auth/sessions.ts). */
export function createSessionRepository(db: Db) {
  return {
    async find(id: string): Promise<SessionRow | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      return row;
    },
    async insert(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },
    async touch(id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, id));
    },
    async delete(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteMany(ids: string[]): Promise<void> {
      if (ids.length) await db.delete(sessions).where(inArray(sessions.id, ids));
    },
    /** Delete a user's sessions but `exceptId`; answers the ids that went. */
    async deleteForUser(userId: number, exceptId?: string): Promise<string[]> {
      const rows = await db
        .delete(sessions)
        .where(
          exceptId
            ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId))
            : eq(sessions.userId, userId),
        )
        .returning({ id: sessions.id });
      return rows.map((r) => r.id);
    },
    /** A user's live sessions other than `exceptId`. */
    async countOthers(userId: number, exceptId: string, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(sessions)
        .where(
          and(eq(sessions.userId, userId), ne(sessions.id, exceptId), gt(sessions.expiresAt, now)),
        );
      return row?.n ?? 0;
    },
  };
}
export type SessionRepository = ReturnType<typeof createSessionRepository>;
