import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';

/**
 * A notice a state we are licensed in requires on a brokerage's website (Texas's Information
 * About Brokerage Services, New York's Fair Housing Notice…), as staff set it at Admin → Trust
 * and notices (docs/decisions/080-trust-signals-and-state-notices.md). The public footer lists
 * them by state; none is shown that staff did not add.
 */
export const stateNotices = pgTable(
  'state_notices',
  {
    id: serial('id').primaryKey(),
    /** USPS code of a state or DC. */
    state: text('state').notNull(),
    /** The link's words, e.g. "Information About Brokerage Services". */
    label: text('label').notNull(),
    /** An https address or a path of our own site (starting with one `/`). */
    url: text('url').notNull(),
    /** Order within its state, lowest first. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('state_notices_state', sql`${t.state} ~ '^[A-Z]{2}$'`),
    check('state_notices_label', sql`char_length(${t.label}) between 1 and 120`),
    check('state_notices_url', sql`char_length(${t.url}) between 1 and 2000`),
  ],
);
export type StateNoticeRow = typeof stateNotices.$inferSelect;

/**
 * A review rating we may quote (docs/decisions/080): real figures staff copied from a review
 * site, with the link to them. Shown in the public footer only because staff entered it.
 */
export const reviewRatings = pgTable(
  'review_ratings',
  {
    id: serial('id').primaryKey(),
    /** The review site's name, e.g. "Google". */
    source: text('source').notNull(),
    /** Average rating in tenths of a star: 48 is 4.8 out of 5. */
    ratingTenths: integer('rating_tenths').notNull(),
    /** How many reviews that average is of. */
    reviewCount: integer('review_count').notNull(),
    /** The page of the reviews (https). */
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('review_ratings_source', sql`char_length(${t.source}) between 1 and 60`),
    check('review_ratings_rating', sql`${t.ratingTenths} between 10 and 50`),
    check('review_ratings_count', sql`${t.reviewCount} >= 1`),
    check('review_ratings_url', sql`${t.url} ~ '^https://'`),
  ],
);
export type ReviewRatingRow = typeof reviewRatings.$inferSelect;
