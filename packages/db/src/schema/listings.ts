import {
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { mlsListings } from './mls-listings.ts';

export const listingStatus = pgEnum('listing_status', [
  'active',
  'pending',
  'sold',
  'withdrawn',
  'expired',
]);

/**
 * Listings published on the public site (/current-listings, /past-sales, /past-listings). Only
 * rows with `publishedAt` set are public: an owner must agree to show their listing.
 */
export const listings = pgTable(
  'listings',
  {
    id: serial('id').primaryKey(),
    /** Public id: random, not guessable. */
    hash: text('hash').notNull().unique(),
    status: listingStatus('status').notNull().default('active'),
    streetAddress: text('street_address').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    /** Whole US dollars: list price while active, sale price once sold. */
    price: integer('price'),
    bedrooms: integer('bedrooms'),
    bathrooms: numeric('bathrooms', { precision: 3, scale: 1, mode: 'number' }),
    squareFeet: integer('square_feet'),
    photoUrl: text('photo_url'),
    /**
     * The MLS listing this row shows, kept in step with it (decision 032): published when staff
     * approve it, its price and status following each change staff make.
     */
    mlsListingId: integer('mls_listing_id').references(() => mlsListings.id, {
      onDelete: 'cascade',
    }),
    /** The primary photo shown (served by GET /api/listings/{hash}/photo while published). */
    photoHash: text('photo_hash'),
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listings_status_published_idx').on(t.status, t.publishedAt),
    uniqueIndex('listings_mls_listing_idx').on(t.mlsListingId),
  ],
);

export type Listing = typeof listings.$inferSelect;
export type NewListing = typeof listings.$inferInsert;
