import { type Db, userPhones } from '@lantern/db';
import { eq, sql } from 'drizzle-orm';

export type PhoneRow = typeof userPhones.$inferSelect;

/** One row per account: its verified phone and a code waiting to verify a new one. */
export function createPhoneRepository(db: Db) {
  const clearPending = { pendingPhone: null, codeHash: null, codeExpiresAt: null };
  return {
    async find(userId: number): Promise<PhoneRow | undefined> {
      const [row] = await db.select().from(userPhones).where(eq(userPhones.userId, userId));
      return row;
    },
    /** A new code for `phone`, replacing any earlier one; it expires `ttlMinutes` from now. */
    async savePending(userId: number, phone: string, codeHash: string, ttlMinutes: number) {
      const pending = {
        pendingPhone: phone,
        codeHash,
        codeExpiresAt: sql`now() + ${`${ttlMinutes} minutes`}::interval`,
        codeFailures: 0,
      };
      await db
        .insert(userPhones)
        .values({ userId, ...pending })
        .onConflictDoUpdate({ target: userPhones.userId, set: pending });
    },
    async clearPending(userId: number): Promise<void> {
      await db.update(userPhones).set(clearPending).where(eq(userPhones.userId, userId));
    },
    /** One more wrong code; `voided` also drops the code. */
    async recordFailure(userId: number, failures: number, voided: boolean): Promise<void> {
      await db
        .update(userPhones)
        .set(voided ? { codeFailures: failures, ...clearPending } : { codeFailures: failures })
        .where(eq(userPhones.userId, userId));
    },
    /** The pending number becomes the account's, if the code is still the one checked. */
    async confirm(userId: number, phone: string, codeHash: string): Promise<boolean> {
      const updated = await db
        .update(userPhones)
        .set({ phone, verifiedAt: sql`now()`, ...clearPending, codeFailures: 0 })
        .where(sql`${userPhones.userId} = ${userId} and ${userPhones.codeHash} = ${codeHash}`)
        .returning({ userId: userPhones.userId });
      return updated.length > 0;
    },
  };
}
export type PhoneRepository = ReturnType<typeof createPhoneRepository>;
