import { MLS_LISTING_STEPS, PHOTO_STATUSES } from '@lantern/contracts/mls-listing-steps';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { mlsBoards } from './mls.ts';
import { orders } from './orders.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/** The five steps a customer fills (issue 16); part 2 adds signing and review. */
export const mlsListingStep = pgEnum('mls_listing_step', MLS_LISTING_STEPS);
export const mlsListingStatus = pgEnum('mls_listing_status', ['draft', 'submitted']);

/**
 * The customer's MLS listing of a property (docs/decisions/031-mls-listing-builder.md): one per
 * MLS listing order, built step by step as a draft. The form's RESO fields are kept as one JSON
 * object checked by the contract's schema on every save, so a half-filled draft is stored as it is.
 */
export const mlsListings = pgTable(
  'mls_listings',
  {
    id: serial('id').primaryKey(),
    hash: text('hash').notNull().unique(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The mls-listing-state / mls-listing-local order this listing fulfils. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: mlsListingStatus('status').notNull().default('draft'),
    /** Steps saved at least once; a step opens only when the ones before it are here. */
    completedSteps: mlsListingStep('completed_steps').array().notNull().default(sql`'{}'`),
    /** The MLS the listing goes on; null while no board is confirmed for the county. */
    boardId: integer('board_id').references(() => mlsBoards.id),
    /** RESO PropertyType / PropertySubType lookup values. */
    propertyType: text('property_type'),
    propertySubType: text('property_sub_type'),
    /** The listing form under RESO DD 2.0 field names (contracts: ZMlsListingFormSchema). */
    fields: jsonb('fields').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mls_listings_order_idx').on(t.orderId),
    index('mls_listings_property_idx').on(t.propertyId),
  ],
);

export const photoStatus = pgEnum('photo_status', PHOTO_STATUSES);

/**
 * A listing's photos. The original is stored as uploaded (after a magic-byte check); a job
 * makes the web sizes. `position` orders them; the first is the primary photo.
 */
export const listingPhotos = pgTable(
  'listing_photos',
  {
    id: serial('id').primaryKey(),
    hash: text('hash').notNull().unique(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => mlsListings.id, { onDelete: 'cascade' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    caption: text('caption').notNull().default(''),
    status: photoStatus('status').notNull().default('processing'),
    /** Why processing refused it, in the customer's words (e.g. too small). */
    error: text('error'),
    /** The name the file had on the customer's machine (shown, never used as a path). */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Storage key of the original; the sizes live beside it (storage adapter). */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('listing_photos_listing_idx').on(t.listingId, t.position),
    check('listing_photos_bytes', sql`${t.bytes} > 0`),
  ],
);

export type MlsListing = typeof mlsListings.$inferSelect;
export type ListingPhoto = typeof listingPhotos.$inferSelect;
