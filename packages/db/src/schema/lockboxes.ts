import { LOCKBOX_STATE_KEYS, LOCKBOX_TYPE_KEYS } from '@lantern/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, keyColumns, tz, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const lockboxType = pgEnum('lockbox_type', LOCKBOX_TYPE_KEYS);
export const lockboxState = pgEnum('lockbox_state', LOCKBOX_STATE_KEYS);

/**
 * Our lockboxes (issue 21): one row per physical box, by its serial (stored upper case). The
 * state moves only through the rules of `features/lockboxes/rules.ts`: out and back by a rental,
 * lost, found, retired.
 */
export const lockboxes = pgTable(
  'lockboxes',
  {
    ...keyColumns(),
    serial: text('serial').notNull().unique(),
    type: lockboxType('type').notNull(),
    state: lockboxState('state').notNull().default('in_stock'),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lockboxes_state_idx').on(t.state)],
);

/**
 * A lockbox at a property for a paid lockbox rental order (issue 21). The deposit is what the
 * order's invoice billed on its untaxed line; returning the lockbox refunds it through the
 * payment service, and 30 days past the end date it is forfeited instead. Active: neither
 * returned nor forfeited; at most one active rental per order and per lockbox.
 */
export const lockboxRentals = pgTable(
  'lockbox_rentals',
  {
    ...keyColumns(),
    lockboxId: integer('lockbox_id')
      .notNull()
      .references(() => lockboxes.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    startDate: calendarDate('start_date').notNull(),
    /** The start date plus LOCKBOX_RENTAL_DAYS. */
    endDate: calendarDate('end_date').notNull(),
    /** The deposit as billed on the order's invoice, in cents. */
    depositCents: integer('deposit_cents').notNull(),
    returnedOn: calendarDate('returned_on'),
    /** Raised after each refund of the deposit succeeds, so a failure part-way keeps the truth. */
    depositRefundedCents: integer('deposit_refunded_cents').notNull().default(0),
    /** While set and in the future, one request is refunding the deposit; others wait. */
    refundClaimedUntil: tz('refund_claimed_until'),
    forfeitedAt: tz('forfeited_at'),
    /** The reminder offsets (days from the end date) sent or passed: each is sent at most once. */
    remindersSent: smallint('reminders_sent').array().notNull().default(sql`'{}'::smallint[]`),
    rentedBy: integer('rented_by').references(() => users.id, { onDelete: 'set null' }),
    returnedBy: integer('returned_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('lockbox_rentals_lockbox_idx').on(t.lockboxId),
    index('lockbox_rentals_property_idx').on(t.propertyId),
    uniqueIndex('lockbox_rentals_one_active_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.returnedOn} is null and ${t.forfeitedAt} is null`),
    uniqueIndex('lockbox_rentals_one_active_per_lockbox_idx')
      .on(t.lockboxId)
      .where(sql`${t.returnedOn} is null and ${t.forfeitedAt} is null`),
    check('lockbox_rentals_end_after_start', sql`${t.endDate} > ${t.startDate}`),
    check(
      'lockbox_rentals_refund_within_deposit',
      sql`${t.depositCents} >= 0 and ${t.depositRefundedCents} >= 0 and ${t.depositRefundedCents} <= ${t.depositCents}`,
    ),
    check(
      'lockbox_rentals_returned_or_forfeited',
      sql`${t.returnedOn} is null or ${t.forfeitedAt} is null`,
    ),
  ],
);

export type Lockbox = typeof lockboxes.$inferSelect;
export type LockboxRental = typeof lockboxRentals.$inferSelect;
