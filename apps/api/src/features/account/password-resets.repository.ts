import { type Db, passwordResets, users } from '@lantern/db';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';

/** Password reset links and texted PINs (stored as selector + verifier hash). */
export function createPasswordResetRepository(db: Db) {
  return {
    /** Only the newest link or PIN works: a new one voids the earlier unused ones. */
    async replace(
      userId: number,
      values: { kind: 'link' | 'pin'; selector: string; verifierHash: string; ttlMs: number },
    ): Promise<void> {
      const { ttlMs, ...rest } = values;
      await db.transaction(async (tx) => {
        await tx
          .delete(passwordResets)
          .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({
          userId,
          ...rest,
          expiresAt: sql`now() + ${`${ttlMs} milliseconds`}::interval`,
        });
      });
    },

    /** The account's newest unused PIN, expired or not (an expired one answers differently). */
    async newestUnusedPin(userId: number) {
      const [row] = await db
        .select()
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.userId, userId),
            eq(passwordResets.kind, 'pin'),
            isNull(passwordResets.usedAt),
          ),
        )
        .orderBy(desc(passwordResets.id))
        .limit(1);
      return row;
    },

    /** Counts a wrong PIN, voiding it at `limit`; the failures so far, or null when already void. */
    async countPinFailure(id: number, limit: number): Promise<number | null> {
      const [counted] = await db
        .update(passwordResets)
        .set({
          failures: sql`${passwordResets.failures} + 1`,
          usedAt: sql`case when ${passwordResets.failures} + 1 >= ${limit} then now() else null end`,
        })
        .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt)))
        .returning({ failures: passwordResets.failures });
      return counted ? counted.failures : null;
    },

    async findLiveLink(selector: string) {
      const [row] = await db
        .select()
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.selector, selector),
            eq(passwordResets.kind, 'link'),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, sql`now()`),
          ),
        );
      return row;
    },

    /**
     * Marks the reset used and stores the new hash in one transaction; the conditional update
     * makes two simultaneous submits of one reset succeed at most once.
     */
    async consume(resetId: number, userId: number, passwordHash: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(passwordResets.id, resetId),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, sql`now()`),
            ),
          )
          .returning({ id: passwordResets.id });
        if (!used.length) return false;
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(eq(users.id, userId));
        return true;
      });
    },
  };
}
export type PasswordResetRepository = ReturnType<typeof createPasswordResetRepository>;
