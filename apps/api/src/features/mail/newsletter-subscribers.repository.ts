import type { TNewsletterSource } from '@lantern/contracts';
import { type Db, newsletterSubscribers } from '@lantern/db';
import { eq, sql } from 'drizzle-orm';

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;

const byEmail = (email: string) => sql`lower(${newsletterSubscribers.email}) = lower(${email})`;

/** The double opt-in list, one row per address (any case). */
export function createNewsletterSubscriberRepository(db: Db) {
  return {
    async find(email: string): Promise<NewsletterSubscriber | undefined> {
      const [row] = await db.select().from(newsletterSubscribers).where(byEmail(email)).limit(1);
      return row;
    },
    /** A new pending row; undefined when another request made the address's row meanwhile. */
    async insertPending(input: {
      email: string;
      source: TNewsletterSource;
      userId: number | null;
      at: Date;
    }): Promise<NewsletterSubscriber | undefined> {
      const [row] = await db
        .insert(newsletterSubscribers)
        .values({ ...input, confirmationSentAt: input.at })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async markPending(
      id: number,
      input: { source: TNewsletterSource; userId?: number; at: Date },
    ): Promise<void> {
      await db
        .update(newsletterSubscribers)
        .set({
          status: 'pending',
          source: input.source,
          ...(input.userId ? { userId: input.userId } : {}),
          confirmationSentAt: input.at,
          updatedAt: input.at,
        })
        .where(eq(newsletterSubscribers.id, id));
    },
    /** A confirmed row for an address that had none (a link outliving its row). */
    async insertConfirmed(email: string, source: TNewsletterSource, at: Date): Promise<void> {
      await db
        .insert(newsletterSubscribers)
        .values({ email, source, status: 'confirmed', confirmedAt: at })
        .onConflictDoNothing();
    },
    async markConfirmed(id: number, at: Date): Promise<void> {
      await db
        .update(newsletterSubscribers)
        .set({ status: 'confirmed', confirmedAt: at, unsubscribedAt: null, updatedAt: at })
        .where(eq(newsletterSubscribers.id, id));
    },
    async markUnsubscribed(id: number, at: Date): Promise<void> {
      await db
        .update(newsletterSubscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: at, updatedAt: at })
        .where(eq(newsletterSubscribers.id, id));
    },
    async changeEmail(id: number, email: string): Promise<void> {
      await db
        .update(newsletterSubscribers)
        .set({ email, updatedAt: new Date() })
        .where(eq(newsletterSubscribers.id, id));
    },
  };
}
export type NewsletterSubscriberRepository = ReturnType<
  typeof createNewsletterSubscriberRepository
>;
