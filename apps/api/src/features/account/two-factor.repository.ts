import {
  type Db,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
} from '@lantern/db';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';

/** The sealed secret and its setup steps. */
function secretRows(db: Db) {
  return {
    async findSecret(userId: number) {
      const [found] = await db
        .select()
        .from(twoFactorSecrets)
        .where(eq(twoFactorSecrets.userId, userId));
      return found;
    },

    /** A new unconfirmed secret, replacing an earlier unconfirmed one. */
    async saveUnconfirmedSecret(userId: number, sealed: string): Promise<void> {
      await db
        .insert(twoFactorSecrets)
        .values({ userId, secret: sealed })
        .onConflictDoUpdate({
          target: twoFactorSecrets.userId,
          set: { secret: sealed, lastStep: 0, createdAt: sql`now()` },
        });
    },

    async confirmSecret(userId: number): Promise<void> {
      await db
        .update(twoFactorSecrets)
        .set({ confirmedAt: sql`now()` })
        .where(eq(twoFactorSecrets.userId, userId));
    },

    /** Records `step` as used; false when it (or a later one) already was — two racing submits. */
    async advanceStep(userId: number, step: number): Promise<boolean> {
      const updated = await db
        .update(twoFactorSecrets)
        .set({ lastStep: step })
        .where(and(eq(twoFactorSecrets.userId, userId), lt(twoFactorSecrets.lastStep, step)))
        .returning({ userId: twoFactorSecrets.userId });
      return updated.length > 0;
    },
  };
}

/** Recovery codes, stored hashed, and removing everything. */
function recoveryCodeRows(db: Db) {
  return {
    unusedRecoveryCodes(userId: number) {
      return db
        .select({ id: twoFactorRecoveryCodes.id, codeHash: twoFactorRecoveryCodes.codeHash })
        .from(twoFactorRecoveryCodes)
        .where(
          and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)),
        );
    },

    async countUnusedRecoveryCodes(userId: number): Promise<number> {
      const [left] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(twoFactorRecoveryCodes)
        .where(
          and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)),
        );
      return left?.n ?? 0;
    },

    /** Uses up a recovery code; true only for the one caller that did. */
    async useRecoveryCode(id: number): Promise<boolean> {
      const used = await db
        .update(twoFactorRecoveryCodes)
        .set({ usedAt: sql`now()` })
        .where(and(eq(twoFactorRecoveryCodes.id, id), isNull(twoFactorRecoveryCodes.usedAt)))
        .returning({ id: twoFactorRecoveryCodes.id });
      return used.length > 0;
    },

    async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx
          .insert(twoFactorRecoveryCodes)
          .values(codeHashes.map((codeHash) => ({ userId, codeHash })));
      });
    },

    /** Two-step sign-in off: the secret, the codes and any waiting sign-in go. */
    async removeAll(userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
        await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
      });
    },
  };
}

/** Sign-ins waiting for their second step. */
function challengeRows(db: Db) {
  return {
    async createChallenge(values: {
      id: string;
      userId: number;
      remember: boolean;
      minutes: number;
    }): Promise<void> {
      const { minutes, ...rest } = values;
      await db.insert(twoFactorChallenges).values({
        ...rest,
        expiresAt: sql`now() + ${`${minutes} minutes`}::interval`,
      });
    },

    async findLiveChallenge(id: string) {
      const [found] = await db
        .select()
        .from(twoFactorChallenges)
        .where(and(eq(twoFactorChallenges.id, id), gt(twoFactorChallenges.expiresAt, sql`now()`)));
      return found;
    },

    /** Counts a wrong code; the failures so far (infinite when the sign-in is gone). */
    async countChallengeFailure(id: string): Promise<number> {
      const [updated] = await db
        .update(twoFactorChallenges)
        .set({ failures: sql`${twoFactorChallenges.failures} + 1` })
        .where(eq(twoFactorChallenges.id, id))
        .returning({ failures: twoFactorChallenges.failures });
      return updated?.failures ?? Number.POSITIVE_INFINITY;
    },

    /** True only for the one caller that actually removed it. */
    async deleteChallenge(id: string): Promise<boolean> {
      const gone = await db
        .delete(twoFactorChallenges)
        .where(eq(twoFactorChallenges.id, id))
        .returning({ id: twoFactorChallenges.id });
      return gone.length > 0;
    },

    async deleteExpiredChallenges(): Promise<void> {
      await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, sql`now()`));
    },
  };
}

/** Two-step sign-in's secrets, recovery codes (stored hashed) and waiting sign-ins. */
export function createTwoFactorRepository(db: Db) {
  return { ...secretRows(db), ...recoveryCodeRows(db), ...challengeRows(db) };
}
export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
