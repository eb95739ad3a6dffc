import { PROPERTY_ROLES } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, keyColumns, serialId, updatedAt } from './columns.ts';
import { users } from './users.ts';

export const locationType = pgEnum('location_type', ['address', 'parcel']);
/** The seven per-property roles, as packages/contracts defines them (spec section 6). */
export const propertyRole = pgEnum('property_role', PROPERTY_ROLES);
/**
 * How exactly lat/lng place the home (@lantern/address POSITION_PRECISIONS; a test keeps the two
 * lists equal): rooftop, street (interpolated), zip (the ZIP's centroid: never shown as the
 * home's pin) or pin (the customer's map pin).
 */
export const positionPrecision = pgEnum('position_precision', ['rooftop', 'street', 'zip', 'pin']);

export const properties = pgTable(
  'properties',
  {
    ...keyColumns(),
    locationType: locationType('location_type').notNull(),
    apn: text('apn'),
    street: text('street').notNull(),
    unit: text('unit'),
    city: text('city').notNull(),
    county: text('county'),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    positionPrecision: positionPrecision('position_precision'),
    /** The geocoder's address_components and version, as the client's placeData.json carries them. */
    addressJson: jsonb('address_json'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The placement job's work list (properties without county or position) stays cheap at scale.
    index('properties_unplaced_idx')
      .on(t.id)
      .where(sql`county is null or lat is null or position_precision is null`),
    // Staff's order search by address ("12 Oak St Austin") through trigrams (decision 088), with
    // no pending list (as the users' ones).
    index('properties_street_city_trgm_idx')
      .using('gin', sql`(${t.street} || ' ' || ${t.city}) extensions.gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const propertyParticipants = pgTable(
  'property_participants',
  {
    id: serialId(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: propertyRole('role').notNull(),
    visible: boolean('visible').notNull().default(true),
    canEdit: boolean('can_edit').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('participants_property_user_idx').on(t.propertyId, t.userId),
    index('participants_user_idx').on(t.userId),
  ],
);

export type Property = typeof properties.$inferSelect;
export type PropertyParticipant = typeof propertyParticipants.$inferSelect;
