import { LISTING_OWNER_ROLES } from '@lantern/contracts';
import {
  type Db,
  fsboListings,
  type Listing,
  listings,
  mlsListings,
  newHash,
  properties,
  propertyParticipants,
  type ShowingRequest,
  type ShowingRequestEvent,
  showingRequestEvents,
  showingRequests,
  users,
} from '@lantern/db';
import type { TShowingChannel, TShowingEventKind, TShowingSide } from '@lantern/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The property a public listing row shows (its MLS or FSBO listing's). */
const propertyIdOf = sql<number>`coalesce(${mlsListings.propertyId}, ${fsboListings.propertyId})`;

/** A showing request with the listing and property it is for. */
export interface ShowingRow {
  showing: ShowingRequest;
  listing: Pick<
    Listing,
    | 'id'
    | 'hash'
    | 'slug'
    | 'status'
    | 'publishedAt'
    | 'streetAddress'
    | 'city'
    | 'state'
    | 'zipCode'
  >;
  propertyId: number;
  propertyHash: string;
}

export interface ShowingEventRow {
  event: ShowingRequestEvent;
  /** The owner who acted, by name or email; null for the buyer. */
  actor: string | null;
}

/** One step to record with a change. */
export interface ShowingStep {
  kind: TShowingEventKind;
  side: TShowingSide;
  actorId: number | null;
  channel: TShowingChannel;
  startAt: Date | null;
}

/** What the service decides under the row's lock: the change and its event, or a refusal. */
export type ShowingChange =
  | {
      ok: true;
      set: Partial<Pick<ShowingRequest, 'status' | 'startAt' | 'proposedStart'>>;
      step: ShowingStep;
    }
  | { ok: false; status: 404 | 409 | 422; message: string; errors?: Record<string, string[]> };

export interface NewShowing {
  listingId: number;
  buyerName: string;
  buyerEmail: string;
  buyerPhone: string;
  start: Date;
  durationMinutes: number;
  note: string;
}

async function insertEvent(tx: Tx, showingId: number, status: string, step: ShowingStep) {
  await tx.insert(showingRequestEvents).values({
    showingId,
    kind: step.kind,
    side: step.side,
    actorId: step.actorId,
    channel: step.channel,
    status: status as ShowingRequest['status'],
    startAt: step.startAt,
  });
}

/** A showing with its listing and property, and its event rows. */
function showingQueries(db: Db) {
  const withListing = (tx: Pick<Db, 'select'> = db) =>
    tx
      .select({
        showing: showingRequests,
        listing: {
          id: listings.id,
          hash: listings.hash,
          slug: listings.slug,
          status: listings.status,
          publishedAt: listings.publishedAt,
          streetAddress: listings.streetAddress,
          city: listings.city,
          state: listings.state,
          zipCode: listings.zipCode,
        },
        propertyId: properties.id,
        propertyHash: properties.hash,
      })
      .from(showingRequests)
      .innerJoin(listings, eq(listings.id, showingRequests.listingId))
      .leftJoin(mlsListings, eq(mlsListings.id, listings.mlsListingId))
      .leftJoin(fsboListings, eq(fsboListings.id, listings.fsboListingId))
      .innerJoin(properties, eq(properties.id, propertyIdOf));

  return { withListing };
}

/** Showings by hash, id or property, their events, and the property's owners. */
function showingReads(db: Db) {
  const { withListing } = showingQueries(db);
  return {
    /** Store a visitor's request with its first event. */
    async create(input: NewShowing): Promise<ShowingRequest> {
      return db.transaction(async (tx) => {
        const [made] = await tx
          .insert(showingRequests)
          .values({
            hash: newHash(),
            listingId: input.listingId,
            buyerName: input.buyerName,
            buyerEmail: input.buyerEmail,
            buyerPhone: input.buyerPhone,
            requestedStart: input.start,
            startAt: input.start,
            durationMinutes: input.durationMinutes,
            note: input.note,
          })
          .returning();
        if (!made) throw new Error('showing request insert returned nothing');
        await insertEvent(tx, made.id, made.status, {
          kind: 'requested',
          side: 'buyer',
          actorId: null,
          channel: 'form',
          startAt: input.start,
        });
        return made;
      });
    },

    async find(hash: string): Promise<ShowingRow | undefined> {
      const [row] = await withListing().where(eq(showingRequests.hash, hash));
      return row;
    },

    /** A request by its number (the one a seller's text answer names). */
    async findById(id: number): Promise<ShowingRow | undefined> {
      const [row] = await withListing().where(eq(showingRequests.id, id));
      return row;
    },

    /** Every request made on any public row of the property (MLS or FSBO), newest first. */
    async forProperty(propertyId: number): Promise<ShowingRow[]> {
      return withListing()
        .where(eq(properties.id, propertyId))
        .orderBy(desc(showingRequests.createdAt), desc(showingRequests.id));
    },

    /** The history of each request, oldest first. */
    async events(showingIds: number[]): Promise<Map<number, ShowingEventRow[]>> {
      const out = new Map<number, ShowingEventRow[]>();
      if (!showingIds.length) return out;
      const rows = await db
        .select({
          event: showingRequestEvents,
          actor: sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`,
        })
        .from(showingRequestEvents)
        .leftJoin(users, eq(users.id, showingRequestEvents.actorId))
        .where(inArray(showingRequestEvents.showingId, showingIds))
        .orderBy(asc(showingRequestEvents.id));
      for (const row of rows) {
        const list = out.get(row.event.showingId) ?? [];
        list.push(row);
        out.set(row.event.showingId, list);
      }
      return out;
    },
  };
}

/** The property's owners, who decide on a showing. */
function showingOwners(db: Db) {
  return {
    /** The listing's side of a property (seller, landlord or their agents): who hears of showings. */
    async owners(
      propertyId: number,
    ): Promise<{ id: number; email: string; name: string | null }[]> {
      return db
        .select({ id: users.id, email: users.email, name: users.name })
        .from(propertyParticipants)
        .innerJoin(users, eq(users.id, propertyParticipants.userId))
        .where(
          and(
            eq(propertyParticipants.propertyId, propertyId),
            inArray(propertyParticipants.role, [...LISTING_OWNER_ROLES]),
          ),
        )
        .orderBy(asc(propertyParticipants.id));
    },

    /** Whether `userId` is (still) on the listing's side of the property. */
    async isOwner(propertyId: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: propertyParticipants.id })
        .from(propertyParticipants)
        .where(
          and(
            eq(propertyParticipants.propertyId, propertyId),
            eq(propertyParticipants.userId, userId),
            inArray(propertyParticipants.role, [...LISTING_OWNER_ROLES]),
          ),
        );
      return Boolean(row);
    },
  };
}

/** Changing a showing under its row lock. */
function showingChanges(db: Db) {
  return {
    /**
     * Change a request under its row lock: `decide` sees it as it is now and answers the change
     * (with the step to record) or a refusal. A change adds one to `sequence` and records who acted.
     */
    async change(
      hash: string,
      decide: (s: ShowingRequest) => ShowingChange,
    ): Promise<
      | { ok: true; before: ShowingRequest; after: ShowingRequest }
      | Extract<ShowingChange, { ok: false }>
      | undefined
    > {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(showingRequests)
          .where(eq(showingRequests.hash, hash))
          .for('update');
        if (!before) return undefined;
        const verdict = decide(before);
        if (!verdict.ok) return verdict;
        const now = new Date();
        const [after] = await tx
          .update(showingRequests)
          .set({
            ...verdict.set,
            sequence: before.sequence + 1,
            lastActorSide: verdict.step.side,
            lastActorId: verdict.step.actorId,
            lastActedAt: now,
            updatedAt: now,
          })
          .where(eq(showingRequests.id, before.id))
          .returning();
        if (!after) throw new Error('showing request update returned nothing');
        await insertEvent(tx, after.id, after.status, verdict.step);
        return { ok: true as const, before, after };
      });
    },
  };
}

/**
 * Showing requests and their history (issue 22). Every change locks the request's row first
 * (`FOR UPDATE`) and the service decides from what was read under it, so a confirm and a decline
 * racing each other take turns and the second sees the first's outcome.
 */
export function createShowingRepository(db: Db) {
  return { ...showingReads(db), ...showingOwners(db), ...showingChanges(db) };
}
export type ShowingRepository = ReturnType<typeof createShowingRepository>;
