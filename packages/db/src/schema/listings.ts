import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz, updatedAt } from './columns.ts';
import { fsboListings, listingPriceEvent } from './fsbo-listings.ts';
import { listingStatus } from './listing-status.ts';
import { mlsListings } from './mls-listings.ts';

/**
 * Listings published on the public site (/current-listings, /past-sales, /past-listings). Only
 * rows with `publishedAt` set are public: an owner must agree to show their listing.
 */
export const listings = pgTable(
  'listings',
  {
    id: serialId(),
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
    /** The FSBO listing this row shows, written on each publish and edit (decision 033). */
    fsboListingId: integer('fsbo_listing_id').references(() => fsboListings.id, {
      onDelete: 'cascade',
    }),
    /**
     * The readable part of the page's URL (/listings/{slug}): address words and the public id, set
     * on first publication and never changed, so links keep working.
     */
    slug: text('slug').unique(),
    /** contracts: PUBLIC_PROPERTY_TYPES. */
    propertyType: text('property_type'),
    yearBuilt: integer('year_built'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    remarks: text('remarks'),
    features: text('features').array().notNull().default(sql`'{}'`),
    /** Shown on the page only when the seller chose to (FSBO); null otherwise. */
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** The primary photo shown (served by GET /api/listings/{hash}/photo while published). */
    photoHash: text('photo_hash'),
    listedAt: tz('listed_at').notNull().defaultNow(),
    closedAt: tz('closed_at'),
    publishedAt: tz('published_at'),
    /** The source listing's syndication choices as of the last sync (issue 49); null: none. */
    syndication: jsonb('syndication'),
    /**
     * When the listing first went to partners and portals. Once set, the RESO Web API keeps the
     * row: withdrawn, unpublished or no longer agreed, it reads as Withdrawn with nothing else.
     */
    syndicatedAt: tz('syndicated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('listings_status_published_idx').on(t.status, t.publishedAt),
    uniqueIndex('listings_mls_listing_idx').on(t.mlsListingId),
    uniqueIndex('listings_fsbo_listing_idx').on(t.fsboListingId),
    index('listings_zip_idx').on(t.zipCode),
    // The public lists' sorts and city filter, over published rows only, each in the order the
    // list's ORDER BY reads it (forwards or backwards; bench/listing-pages.ts).
    index('listings_published_listed_idx')
      .on(t.listedAt.asc(), t.id.asc())
      .where(sql`${t.publishedAt} is not null`),
    index('listings_published_price_asc_idx')
      .on(t.price.asc().nullsLast(), t.id.desc())
      .where(sql`${t.publishedAt} is not null`),
    index('listings_published_price_desc_idx')
      .on(t.price.desc().nullsLast(), t.id.desc())
      .where(sql`${t.publishedAt} is not null`),
    index('listings_published_closed_idx')
      .on(t.closedAt.asc().nullsFirst(), t.id.asc())
      .where(sql`${t.publishedAt} is not null`),
    // A city's listings in listed order: a city with none reads nothing (decision 088).
    index('listings_published_city_listed_idx')
      .on(sql`lower(${t.city})`, t.listedAt, t.id)
      .where(sql`${t.publishedAt} is not null`),
    // "Search this area" (issue 47): published listings whose position lies in a map's box.
    index('listings_published_position_idx')
      .using('gist', sql`point(${t.lng}, ${t.lat})`)
      .where(sql`${t.publishedAt} is not null`),
    // RESO replication (issue 49): the syndicated rows by ModificationTimestamp, then key.
    index('listings_syndicated_modified_idx')
      .on(t.updatedAt, t.hash)
      .where(sql`${t.syndicatedAt} is not null`),
    // Gives the planner statistics on whether sellers share (an expression has none of its own),
    // so a partner's filtered page is read in index order, not by a scan and a sort.
    index('listings_shared_idx').on(sql`(${t.syndication}->>'InternetEntireListingDisplayYN')`),
    check('listings_one_source', sql`num_nonnulls(${t.mlsListingId}, ${t.fsboListingId}) <= 1`),
  ],
);

export type Listing = typeof listings.$inferSelect;
export type NewListing = typeof listings.$inferInsert;

/** A public listing's price history: listed, price changes, pending, sold, taken down. */
export const listingPriceEvents = pgTable(
  'listing_price_events',
  {
    id: serialId(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    kind: listingPriceEvent('kind').notNull(),
    /** Whole US dollars at the time (the sale price for sold). */
    price: integer('price'),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [index('listing_price_events_listing_idx').on(t.listingId, t.at)],
);
export type ListingPriceEvent = typeof listingPriceEvents.$inferSelect;
