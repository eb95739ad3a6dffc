import { type Db, emailVerifications } from '@lantern/db';
import { eq, sql } from 'drizzle-orm';

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

/** Per account: the address last sent a link, when, and when it was verified. */
export function createEmailVerificationRepository(db: Db) {
  return {
    async find(userId: number): Promise<EmailVerificationRow | undefined> {
      const [row] = await db
        .select()
        .from(emailVerifications)
        .where(eq(emailVerifications.userId, userId));
      return row;
    },
    async markVerified(userId: number, email: string, at: Date): Promise<void> {
      await db
        .insert(emailVerifications)
        .values({ userId, email, verifiedAt: at })
        .onConflictDoUpdate({ target: emailVerifications.userId, set: { email, verifiedAt: at } });
    },
    /** A link went to `email`: a new address starts unverified, the same one keeps its state. */
    async markSent(userId: number, email: string, at: Date): Promise<void> {
      await db
        .insert(emailVerifications)
        .values({ userId, email, sentAt: at })
        .onConflictDoUpdate({
          target: emailVerifications.userId,
          set: {
            sentAt: at,
            email,
            verifiedAt: sql`case when lower(${emailVerifications.email}) = lower(${email}) then ${emailVerifications.verifiedAt} else null end`,
          },
        });
    },
  };
}
export type EmailVerificationRepository = ReturnType<typeof createEmailVerificationRepository>;
