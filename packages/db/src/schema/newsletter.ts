import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const newsletterStatus = pgEnum('newsletter_status', [
  'pending',
  'confirmed',
  'unsubscribed',
]);
export const newsletterSource = pgEnum('newsletter_source', ['newsletter', 'promo']);

/**
 * The newsletter list, double opt-in (issue 3): a row is `pending` until the emailed link is
 * followed. One row per address (case-insensitive), so subscribing twice never duplicates.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serialId(),
    email: text('email').notNull(),
    status: newsletterStatus('status').notNull().default('pending'),
    /** Where the latest request came from: the newsletter form or the sign-up promoOptin box. */
    source: newsletterSource('source').notNull().default('newsletter'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Last confirmation email sent; used to avoid re-sending to the same address too often. */
    confirmationSentAt: tz('confirmation_sent_at'),
    confirmedAt: tz('confirmed_at'),
    unsubscribedAt: tz('unsubscribed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_lower_idx').on(sql`lower(${t.email})`),
    index('newsletter_subscribers_status_idx').on(t.status),
  ],
);

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
