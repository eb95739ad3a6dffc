import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns.ts';
import { users } from './users.ts';

/**
 * Idempotency keys (issue 40; docs/decisions/067-idempotency-keys.md): the first answer to a POST
 * that carried an `Idempotency-Key`, kept 24 hours per scope and key and replayed to a retry.
 * `scope` is `user:<id>` or `visitor:<keyed hash of the visitor cookie>`; `fingerprint` a keyed
 * hash of method, URL and body (never the body itself: it may hold a password). An answer that
 * carried a secret keeps no status or body (`secret`), so a retry is refused instead.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** The signed-in owner: deleting the account deletes what was kept for it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    /** `running` while the first request works; `done` once its answer is kept. */
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    /** Which request holds a running key: a late finish of a request taken over writes nothing. */
    claim: text('claim').notNull(),
    /** When the running request started: past the lease a retry may take the key over. */
    lockedAt: tz('locked_at').notNull().defaultNow(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    secret: boolean('secret').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    index('idempotency_keys_user_idx').on(t.userId),
  ],
);
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
