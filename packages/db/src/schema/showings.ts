import {
  SHOWING_CHANNELS,
  SHOWING_EVENT_KINDS,
  SHOWING_SIDES,
  SHOWING_STATUSES,
} from '@lantern/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, serialId, tz, updatedAt } from './columns.ts';
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
    id: serialId(),
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
    requestedStart: tz('requested_start').notNull(),
    /** The showing's time: the asked one, or the seller's proposal once the buyer accepted it. */
    startAt: tz('start_at').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** A time the seller proposed, waiting for the buyer. */
    proposedStart: tz('proposed_start'),
    note: text('note').notNull().default(''),
    status: showingStatus('status').notNull().default('Pending'),
    sequence: integer('sequence').notNull().default(0),
    /** Who acted last and when (the request itself at first). */
    lastActorSide: showingSide('last_actor_side').notNull().default('buyer'),
    lastActorId: integer('last_actor_id').references(() => users.id, { onDelete: 'set null' }),
    lastActedAt: tz('last_acted_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
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
    id: serialId(),
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
    startAt: tz('start_at'),
    createdAt: createdAt(),
  },
  (t) => [index('showing_request_events_showing_idx').on(t.showingId)],
);

export type ShowingRequest = typeof showingRequests.$inferSelect;
export type ShowingRequestEvent = typeof showingRequestEvents.$inferSelect;
