import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, updatedAt } from './columns.ts';

/**
 * MLSs and boards of realtors (issue 3): seeded from seed/mls-boards.ts, edited later by staff.
 * `counties` null means "not known to us" and pages say so.
 */
export const mlsBoards = pgTable(
  'mls_boards',
  {
    id: serialId(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    /** USPS codes, upper case. */
    states: text('states').array().notNull(),
    counties: text('counties').array(),
    region: text('region'),
    website: text('website').notNull(),
    sourceName: text('source_name').notNull(),
    sourceUrl: text('source_url').notNull(),
    notes: text('notes'),
    /** What the board charges to put one listing on its MLS, in integer cents; null: not known. */
    listingFeeCents: integer('listing_fee_cents'),
    /** The board's listing rules as staff summarise them (plain text); null: none recorded. */
    rules: text('rules'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'mls_boards_listing_fee_cents',
      sql`${t.listingFeeCents} is null or ${t.listingFeeCents} >= 0`,
    ),
  ],
);

export type MlsBoard = typeof mlsBoards.$inferSelect;
