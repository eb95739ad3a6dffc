import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    status: newsletterStatus('status').notNull().default('pending'),
    /** Where the latest request came from: the newsletter form or the sign-up promoOptin box. */
    source: newsletterSource('source').notNull().default('newsletter'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Last confirmation email sent; used to avoid re-sending to the same address too often. */
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_lower_idx').on(sql`lower(${t.email})`),
    index('newsletter_subscribers_status_idx').on(t.status),
  ],
);

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
