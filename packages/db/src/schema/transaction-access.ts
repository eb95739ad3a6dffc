import {
  TRANSACTION_ACCESS_ROLE_KEYS,
  TRANSACTION_ACCESS_SHARE_KEYS,
  TRANSACTION_ACCESS_STATUSES,
} from '@lantern/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz, updatedAt } from './columns.ts';
import { listings } from './listings.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const transactionAccessStatus = pgEnum(
  'transaction_access_status',
  TRANSACTION_ACCESS_STATUSES,
);
export const transactionAccessRole = pgEnum(
  'transaction_access_role',
  TRANSACTION_ACCESS_ROLE_KEYS,
);
export const transactionAccessShare = pgEnum(
  'transaction_access_share',
  TRANSACTION_ACCESS_SHARE_KEYS,
);

/**
 * A request for a view of a property's transaction by someone on the other side of the deal
 * (issue 24): made from a listing page, seen by the owners once its email is confirmed, approved
 * for 1–90 days with what the owners share, or refused; revocable. Both tokens (the mailed
 * confirmation and the access link) are stored only as keyed hashes
 * (docs/decisions/047-transaction-access.md).
 */
export const transactionAccessRequests = pgTable(
  'transaction_access_requests',
  {
    id: serialId(),
    /** Public id: random, in dashboard URLs. */
    hash: text('hash').notNull().unique(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The listing page the request was made from. */
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    role: transactionAccessRole('role').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
    status: transactionAccessStatus('status').notNull().default('unconfirmed'),
    /** Keyed hash of the mailed confirmation token; null once confirmed. */
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmExpiresAt: tz('confirm_expires_at').notNull(),
    confirmedAt: tz('confirmed_at'),
    /** Keyed hash of the access link's token, set at approval. */
    accessTokenHash: text('access_token_hash').unique(),
    shares: transactionAccessShare('shares').array().notNull().default(sql`'{}'`),
    days: integer('days'),
    expiresAt: tz('expires_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: tz('decided_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: tz('revoked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('transaction_access_requests_property_idx').on(t.propertyId, t.createdAt),
    check(
      'transaction_access_requests_days_check',
      sql`${t.days} is null or ${t.days} between 1 and 90`,
    ),
    check(
      'transaction_access_requests_approved_check',
      sql`${t.status} <> 'approved' or (${t.accessTokenHash} is not null and ${t.expiresAt} is not null)`,
    ),
  ],
);
export type TransactionAccessRequest = typeof transactionAccessRequests.$inferSelect;

/** Every view of a shared transaction: when, from where, and what was opened. Append-only. */
export const transactionAccessViews = pgTable(
  'transaction_access_views',
  {
    id: serialId(),
    requestId: integer('request_id')
      .notNull()
      .references(() => transactionAccessRequests.id, { onDelete: 'cascade' }),
    viewedAt: tz('viewed_at').notNull().defaultNow(),
    ip: text('ip').notNull(),
    /** `overview`, or `document:{hash}`. */
    what: text('what').notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('transaction_access_views_request_idx').on(t.requestId, t.viewedAt)],
);
export type TransactionAccessView = typeof transactionAccessViews.$inferSelect;
