import {
  PHOTO_SHOOT_STATUS_KEYS,
  PROOF_REVIEW_KEYS,
  WORK_ORDER_KIND_KEYS,
  WORK_ORDER_STATE_KEYS,
} from '@lantern/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, keyColumns, serialId, tz, updatedAt } from './columns.ts';
import { orders } from './orders.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';

export const workOrderKind = pgEnum('work_order_kind', WORK_ORDER_KIND_KEYS);
export const workOrderState = pgEnum('work_order_state', WORK_ORDER_STATE_KEYS);
export const proofReview = pgEnum('proof_review', PROOF_REVIEW_KEYS);

/**
 * A trip to a property for an order (issue 21, "Work orders"): a sign post installed, removed,
 * swapped or repaired, a lockbox delivered or picked up, a photography visit. The state moves
 * only along WORK_ORDER_TRANSITIONS, each move under this row's lock.
 */
export const workOrders = pgTable(
  'work_orders',
  {
    ...keyColumns(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    kind: workOrderKind('kind').notNull(),
    state: workOrderState('state').notNull().default('requested'),
    /** When the trip was asked for: the 2 pm cutoff is read from it in the property's zone. */
    requestedAt: tz('requested_at').notNull().defaultNow(),
    scheduledDay: calendarDate('scheduled_day'),
    /** Staff or a field vendor; a field vendor sees only the work orders assigned to them. */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    /** Why the last trip failed, as the assignee or staff put it. */
    failureReason: text('failure_reason'),
    /** Staff's review of the proof photos once done: pending, approved or rejected. */
    proofReview: proofReview('proof_review'),
    /** On an install of a rented post: the removal it created once done. */
    removalId: integer('removal_id').references((): AnyPgColumn => workOrders.id, {
      onDelete: 'set null',
    }),
    /**
     * A photography visit the customer booked from the photographer's availability (decision
     * 046): the slot's start and end. The assignee is the photographer.
     */
    appointmentStartsAt: tz('appointment_starts_at'),
    appointmentEndsAt: tz('appointment_ends_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('work_orders_order_idx').on(t.orderId),
    // With the id: a property's work orders newest first, a page at a time (decision 086).
    index('work_orders_property_idx').on(t.propertyId, t.id),
    // A field vendor's list, by day (unscheduled last) or by creation: read in order, no sort.
    index('work_orders_assignee_day_idx').on(
      t.assigneeId,
      sql`coalesce(${t.scheduledDay}, '9999-12-31'::date)`,
      t.id,
    ),
    index('work_orders_assignee_created_idx').on(t.assigneeId, t.createdAt, t.id),
    // A vendor's work orders in one state, by day: a rare state never walks all their work.
    index('work_orders_assignee_state_day_idx').on(
      t.assigneeId,
      t.state,
      sql`coalesce(${t.scheduledDay}, '9999-12-31'::date)`,
      t.id,
    ),
    index('work_orders_state_idx').on(t.state),
    // A photographer's slot holds one visit while it is scheduled or under way.
    uniqueIndex('work_orders_photographer_slot_idx')
      .on(t.assigneeId, t.appointmentStartsAt)
      .where(sql`${t.appointmentStartsAt} is not null and ${t.state} in ('scheduled', 'en_route')`),
    check(
      'work_orders_appointment_span',
      sql`(${t.appointmentStartsAt} is null) = (${t.appointmentEndsAt} is null) and (${t.appointmentStartsAt} is null or ${t.appointmentEndsAt} > ${t.appointmentStartsAt})`,
    ),
  ],
);

export const photoShootStatus = pgEnum('photo_shoot_status', PHOTO_SHOOT_STATUS_KEYS);

/**
 * The shoot delivered on a photography work order (issue 39; docs/decisions/064): its photos are
 * `listing_photos` rows with `shoot_work_order_id`. The licence the photographer granted, and
 * staff's review, are recorded here; the customer sees the photos once `approved`.
 */
export const photoShoots = pgTable('photo_shoots', {
  workOrderId: integer('work_order_id')
    .primaryKey()
    .references(() => workOrders.id, { onDelete: 'cascade' }),
  status: photoShootStatus('status').notNull().default('uploading'),
  licenceAgreedBy: integer('licence_agreed_by').references(() => users.id, {
    onDelete: 'set null',
  }),
  licenceAgreedAt: tz('licence_agreed_at'),
  /** The licence's words as agreed (PHOTO_SHOOT_LICENCE at that time). */
  licenceText: text('licence_text'),
  submittedAt: tz('submitted_at'),
  reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: tz('reviewed_at'),
  returnReason: text('return_reason'),
  updatedAt: updatedAt(),
});
export type PhotoShoot = typeof photoShoots.$inferSelect;

/** A weekly window of a photographer's hours: a weekday (1 Monday … 5 Friday), minutes of the day. */
export interface PhotographerWindow {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

/**
 * A field vendor who takes appointments for photography (decision 046): the states they work
 * in, their weekly hours (wall-clock times in the property's zone) and days off. Bookings lock
 * this row, so two customers never take overlapping time of one photographer.
 */
export const photographers = pgTable('photographers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Two-letter states the photographer goes to. */
  states: text('states').array().notNull().default(sql`'{}'::text[]`),
  weeklyHours: jsonb('weekly_hours').$type<PhotographerWindow[]>().notNull().default([]),
  /** YYYY-MM-DD days with no appointments. */
  daysOff: text('days_off').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
});
export type Photographer = typeof photographers.$inferSelect;

/** Every change of a work order, append-only: created, scheduled, assigned, each move. */
export const workOrderEvents = pgTable(
  'work_order_events',
  {
    id: serialId(),
    workOrderId: integer('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    /** null when the work order was created. */
    fromState: workOrderState('from_state'),
    toState: workOrderState('to_state').notNull(),
    scheduledDay: calendarDate('scheduled_day'),
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('work_order_events_work_order_idx').on(t.workOrderId)],
);

export type WorkOrder = typeof workOrders.$inferSelect;
export type WorkOrderEvent = typeof workOrderEvents.$inferSelect;
