import {
  SHOWING_CHANNELS,
  SHOWING_EVENT_KINDS,
  SHOWING_SIDES,
  SHOWING_STATUSES,
} from '@lantern/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { listings } from './listings.ts';
import { users } from './users.ts';

/** RESO ShowingAppointment's statuses as the issue names them: Pending, Confirmed, Denied, Cancelled. */
export const showingStatus = pgEnum('showing_status', SHOWING_STATUSES);
export const showingSide = pgEnum('showing_side', SHOWING_SIDES);
export const showingChannel = pgEnum('showing_channel', SHOWING_CHANNELS);
export const showingEventKind = pgEnum('showing_event_kind', SHOWING_EVENT_KINDS);

/**
 * A visitor's request to see a public listing (issue 22, "Showing management"). Times are
 * instants; pages show them in the home's time zone. Every change runs under this row's lock and
 * adds one to `sequence`, which is also the calendar invitation's SEQUENCE and what a mailed
 * link was made for (a link made before the last change acts no more).
 */
export const showingRequests = pgTable(
  'showing_requests',
  {
    id: serial('id').primaryKey(),
    /** Public id: random, in dashboard URLs, mailed links and the invitation's UID. */
    hash: text('hash').notNull().unique(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    buyerName: text('buyer_name').notNull(),
    /** Never shown to the seller: answers reach the buyer through us. */
    buyerEmail: text('buyer_email').notNull(),
    /** Shown to the seller once confirmed; '' when not given. */
    buyerPhone: text('buyer_phone').notNull().default(''),
    /** What the buyer asked for. */
    requestedStart: timestamp('requested_start', { withTimezone: true }).notNull(),
    /** The showing's time: the asked one, or the seller's proposal once the buyer accepted it. */
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** A time the seller proposed, waiting for the buyer. */
    proposedStart: timestamp('proposed_start', { withTimezone: true }),
    note: text('note').notNull().default(''),
    status: showingStatus('status').notNull().default('Pending'),
    sequence: integer('sequence').notNull().default(0),
    /** Who acted last and when (the request itself at first). */
    lastActorSide: showingSide('last_actor_side').notNull().default('buyer'),
    lastActorId: integer('last_actor_id').references(() => users.id, { onDelete: 'set null' }),
    lastActedAt: timestamp('last_acted_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('showing_requests_listing_idx').on(t.listingId, t.createdAt.desc()),
    check('showing_requests_duration_check', sql`${t.durationMinutes} between 5 and 240`),
    check('showing_requests_sequence_check', sql`${t.sequence} >= 0`),
  ],
);

/** Every step of a showing request, append-only: asked, then each answer. */
export const showingRequestEvents = pgTable(
  'showing_request_events',
  {
    id: serial('id').primaryKey(),
    showingId: integer('showing_id')
      .notNull()
      .references(() => showingRequests.id, { onDelete: 'cascade' }),
    kind: showingEventKind('kind').notNull(),
    side: showingSide('side').notNull(),
    /** The owner who acted for the seller; null for the buyer. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    channel: showingChannel('channel').notNull(),
    /** The status after the step. */
    status: showingStatus('status').notNull(),
    /** The time the step was about: asked, confirmed or proposed. */
    startAt: timestamp('start_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('showing_request_events_showing_idx').on(t.showingId)],
);

export type ShowingRequest = typeof showingRequests.$inferSelect;
export type ShowingRequestEvent = typeof showingRequestEvents.$inferSelect;
