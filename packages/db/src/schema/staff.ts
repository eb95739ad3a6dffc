import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, serialId } from './columns.ts';
import { orders } from './orders.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

/** Kept equal to VENDOR_KIND_KEYS in packages/contracts (a test checks it). */
export const vendorKind = pgEnum('vendor_kind', [
  'agent',
  'referral_agent',
  'referrer',
  'concierge',
  'settlement',
  'field',
]);

/** The kinds of vendor work staff gave a person; any kind opens /vendor (`vendor: true`). */
export const userVendorKinds = pgTable(
  'user_vendor_kinds',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: vendorKind('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A vendor assigned to one record: a property, or one order of it. A vendor sees only the
 * records assigned to them (per-record access, issue 15).
 */
export const vendorAssignments = pgTable(
  'vendor_assignments',
  {
    id: serialId(),
    hash: text('hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: vendorKind('kind').notNull(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Set when the assignment is one order of the property rather than the whole property. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vendor_assignments_unique_idx').on(
      t.userId,
      t.kind,
      t.propertyId,
      sql`coalesce(${t.orderId}, 0)`,
    ),
    index('vendor_assignments_property_idx').on(t.propertyId),
    // A vendor's own list, newest or oldest assignment first: read in order, no sort (issue 46).
    index('vendor_assignments_user_created_idx').on(t.userId, t.createdAt, t.id),
    // Staff's settlement properties a page at a time, in property order (decision 086).
    index('vendor_assignments_kind_property_idx').on(t.kind, t.propertyId),
  ],
);

export type VendorAssignment = typeof vendorAssignments.$inferSelect;
