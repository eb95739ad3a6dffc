import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz, updatedAt } from './columns.ts';
import { listings } from './listings.ts';
import { users } from './users.ts';

/**
 * A public listing's open houses (issue 22, "Open house kit"): when buyers may walk in without a
 * showing. Stored as instants; shown in the property's local time. A cancelled one keeps its row
 * with `cancelledAt` set, and past ones stay for the record (docs/decisions/045-open-house-kit.md).
 */
export const openHouses = pgTable(
  'open_houses',
  {
    id: serialId(),
    /** Public id: random, not guessable. */
    hash: text('hash').notNull().unique(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    startsAt: tz('starts_at').notNull(),
    endsAt: tz('ends_at').notNull(),
    /** What a visitor should know ("Park on Elm St."); empty when none. */
    note: text('note').notNull().default(''),
    cancelledAt: tz('cancelled_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('open_houses_listing_ends_idx').on(t.listingId, t.endsAt),
    check('open_houses_end_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export type OpenHouse = typeof openHouses.$inferSelect;
export type NewOpenHouse = typeof openHouses.$inferInsert;
