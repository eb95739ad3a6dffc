import { FSBO_LISTING_STATUSES, FSBO_LISTING_STEPS, LISTING_PRICE_EVENTS } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz, updatedAt } from './columns.ts';
import { listingStatus } from './listing-status.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const fsboListingStep = pgEnum('fsbo_listing_step', FSBO_LISTING_STEPS);
export const fsboListingStatus = pgEnum('fsbo_listing_status', FSBO_LISTING_STATUSES);
export const listingPriceEvent = pgEnum('listing_price_event', LISTING_PRICE_EVENTS);

/**
 * A property's free for-sale-by-owner listing (issue 19; docs/decisions/033): one per property,
 * built step by step as a draft and published at once, free. `fields` holds the basics and the
 * description as the contract's schemas check them on every save; `contact` is how buyers reach
 * the seller, kept apart because its email and phone are public only when the seller says so.
 */
export const fsboListings = pgTable(
  'fsbo_listings',
  {
    id: serialId(),
    hash: text('hash').notNull().unique(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    status: fsboListingStatus('status').notNull().default('draft'),
    /** Steps saved at least once (basics, contact, describe, media). */
    completedSteps: fsboListingStep('completed_steps').array().notNull().default(sql`'{}'`),
    fields: jsonb('fields').notNull().default({}),
    contact: jsonb('contact').notNull().default({}),
    /** Where the sale stands while published: active, pending or sold. */
    marketStatus: listingStatus('market_status').notNull().default('active'),
    /** Whole US dollars and an ISO date, once the owner marks it sold. */
    soldPrice: integer('sold_price'),
    soldOn: text('sold_on'),
    publishedAt: tz('published_at'),
    firstPublishedAt: tz('first_published_at'),
    /**
     * What the owner agreed may travel beyond our site (issue 49), chosen at the publish step
     * (contracts: ZListingSyndicationSchema); null until chosen, which sends nothing.
     */
    syndication: jsonb('syndication'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('fsbo_listings_property_idx').on(t.propertyId)],
);

export type FsboListing = typeof fsboListings.$inferSelect;
export type NewFsboListing = typeof fsboListings.$inferInsert;
