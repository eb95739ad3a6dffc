import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, keyColumns, serialId, tz, updatedAt } from './columns.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

/*
 * Listings beyond our site (issue 49; docs/decisions/096): partners read published listings
 * through the RESO Web API, portals fetch a feed file, and an MLS we belong to is replicated
 * into the closed-sales store. What a seller agreed to travel is `syndication` on their listing
 * (contracts: ZListingSyndicationSchema), copied to the public row on each sync.
 */

/**
 * A partner's OAuth2 client for the RESO Web API (client credentials). The secret is shown once;
 * only its SHA-256 is kept, as for personal access tokens. Revoking sets `revoked_at`: its
 * tokens stop at once and the row stays for the request log.
 */
export const resoClients = pgTable('reso_clients', {
  ...keyColumns(),
  name: text('name').notNull(),
  /** The public `client_id` the partner sends. */
  clientId: text('client_id').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  /** The resources it may read: 'Property', 'Media'. */
  resources: text('resources').array().notNull(),
  /** Requests a minute across its tokens. */
  rateLimitPerMinute: integer('rate_limit_per_minute').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  lastUsedAt: tz('last_used_at'),
  revokedAt: tz('revoked_at'),
});
export type ResoClientRow = typeof resoClients.$inferSelect;

/** A short-lived bearer token issued by POST /reso/oauth/token (only its SHA-256 is kept). */
export const resoAccessTokens = pgTable(
  'reso_access_tokens',
  {
    id: serialId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => resoClients.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('reso_access_tokens_client_idx').on(t.clientId, t.expiresAt)],
);

/** Who read what, when: one row per RESO Web API request a client made. */
export const resoRequests = pgTable(
  'reso_requests',
  {
    id: serialId(),
    clientId: integer('client_id')
      .notNull()
      .references(() => resoClients.id, { onDelete: 'cascade' }),
    at: tz('at').notNull().defaultNow(),
    /** The path and query as asked (cut at 2,000 characters). */
    url: text('url').notNull(),
    status: smallint('status').notNull(),
    /** Records in the answer (0 for metadata and errors). */
    records: integer('records').notNull().default(0),
  },
  (t) => [index('reso_requests_client_at_idx').on(t.clientId, t.at.desc())],
);
export type ResoRequestRow = typeof resoRequests.$inferSelect;

/**
 * A portal's listing feed: an XML file at a secret URL (only the SHA-256 of its token is kept;
 * rotating replaces it). `last_fetched_at` is shown to staff.
 */
export const portalFeeds = pgTable('portal_feeds', {
  ...keyColumns(),
  name: text('name').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  rotatedAt: tz('rotated_at'),
  lastFetchedAt: tz('last_fetched_at'),
  revokedAt: tz('revoked_at'),
});
export type PortalFeedRow = typeof portalFeeds.$inferSelect;

/** A listing its owner keeps out of one portal's feed. */
export const portalFeedOptOuts = pgTable(
  'portal_feed_opt_outs',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    portalFeedId: integer('portal_feed_id')
      .notNull()
      .references(() => portalFeeds.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.portalFeedId] })],
);

/**
 * Where replication from an MLS's RESO Web API stands, one row per configured source: the
 * newest ModificationTimestamp (and key) stored, so the next run asks only for what changed,
 * and the page link of a run that stopped part way, so it resumes there.
 */
export const mlsReplications = pgTable('mls_replications', {
  source: text('source').primaryKey(),
  cursorTimestamp: tz('cursor_timestamp'),
  cursorKey: text('cursor_key'),
  /** The `@odata.nextLink` to resume from; null between complete runs. */
  nextLink: text('next_link'),
  startedAt: tz('started_at'),
  finishedAt: tz('finished_at'),
  recordsRead: integer('records_read').notNull().default(0),
  recordsStored: integer('records_stored').notNull().default(0),
  recordsSkipped: integer('records_skipped').notNull().default(0),
  /** The last run's skipped records, `{key, reason}` (at most 20). */
  skipped: jsonb('skipped').notNull().default(sql`'[]'::jsonb`),
  error: text('error'),
  updatedAt: updatedAt(),
});
