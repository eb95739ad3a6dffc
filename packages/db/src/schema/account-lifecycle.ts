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

export const mailOutboxStatus = pgEnum('mail_outbox_status', ['pending', 'sent', 'failed']);

/**
 * Every outgoing mail is written here first (issue 8), so a mail survives an SMTP outage or a
 * restart: a worker delivers due rows and retries failures with growing waits.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: mailOutboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may next try; a claim pushes it forward so two workers never send together. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Password reset links. The emailed token is `selector.verifier`: the selector finds the row, and
 * only a SHA-256 of the verifier is kept, compared in constant time, so neither a leaked table
 * nor response timing yields a working link. A new request replaces the user's earlier links.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    selector: text('selector').notNull(),
    verifierHash: text('verifier_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_selector_idx').on(t.selector),
    index('password_resets_user_idx').on(t.userId),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
export type PasswordReset = typeof passwordResets.$inferSelect;
