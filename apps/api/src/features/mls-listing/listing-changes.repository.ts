import {
  type Db,
  type ListingChangeRequest,
  listingChangeRequests,
  listingVersions,
  type MlsListing,
  mlsListings,
  newHash,
  type Property,
  properties,
  signingDocuments,
  type Tx,
  users,
} from '@lantern/db';
import type { TChangeRequestKind, TResoStandardStatus } from '@lantern/domain';
import { and, desc, eq, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

/** Statuses that end a listing (contracts: ENDED_STATUSES), for the queries below. */
const ENDED: TResoStandardStatus[] = ['Closed', 'Canceled', 'Expired'];

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

/** A change request with who asked and decided, and the hash of its signed form. */
export interface ChangeRow {
  change: ListingChangeRequest;
  document: string | null;
  requesterName: string | null;
  requesterEmail: string | null;
  deciderName: string | null;
  deciderEmail: string | null;
}

/** A live listing with its property, as the expiry jobs and staff's actions need them. */
export interface ListingWithProperty {
  listing: MlsListing;
  property: Pick<Property, 'id' | 'hash' | 'street' | 'unit' | 'city' | 'state'>;
}

const propertyColumns = {
  id: properties.id,
  hash: properties.hash,
  street: properties.street,
  unit: properties.unit,
  city: properties.city,
  state: properties.state,
};

/** A change request's columns with who asked and decided (ChangeRow). */
const changeColumns = {
  change: listingChangeRequests,
  document: signingDocuments.hash,
  requesterName: requester.name,
  requesterEmail: requester.email,
  deciderName: decider.name,
  deciderEmail: decider.email,
};

/** The joins `changeColumns` reads: the signed form, the requester and the decider. */
function withPeople<T extends PgSelect>(query: T) {
  return query
    .leftJoin(signingDocuments, eq(signingDocuments.id, listingChangeRequests.documentId))
    .leftJoin(requester, eq(requester.id, listingChangeRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, listingChangeRequests.decidedBy));
}

/** The listing's end date as stored in its form (YYYY-MM-DD, checked when the form was saved). */
const expirationDate = sql<string>`(${mlsListings.fields}->>'ExpirationDate')`;

const rows = (q: Db | Tx) =>
  withPeople(q.select(changeColumns).from(listingChangeRequests).$dynamic());

/** Whether a listing has a renewal waiting for staff. */
function listingChangeChecks(db: Db) {
  /** A renewal every owner signed that staff have not decided yet. */
  async function hasPendingRenewal(listingId: number, q: Db | Tx = db): Promise<boolean> {
    const [row] = await q
      .select({ id: listingChangeRequests.id })
      .from(listingChangeRequests)
      .where(
        and(
          eq(listingChangeRequests.listingId, listingId),
          eq(listingChangeRequests.kind, 'renewal'),
          eq(listingChangeRequests.status, 'pending'),
        ),
      )
      .limit(1);
    return !!row;
  }

  return { hasPendingRenewal };
}

/** The listing's lock, its price-change limit, a new request, and its newest snapshot. */
function listingChangeWrites(db: Db) {
  const { hasPendingRenewal } = listingChangeChecks(db);
  return {
    /** The listing row under its lock, for the rest of the caller's transaction. */
    async lockListing(tx: Tx, listingId: number): Promise<MlsListing | undefined> {
      const [row] = await tx
        .select()
        .from(mlsListings)
        .where(eq(mlsListings.id, listingId))
        .for('update');
      return row;
    },

    /**
     * The UTC days (YYYY-MM-DD, oldest first) of the listing's price changes that count against
     * the limit: asked (pending) or made (completed) in the last `days` days, today included.
     */
    async priceChangeDays(listingId: number, days: number, q: Db | Tx = db): Promise<string[]> {
      const day = sql<string>`to_char(${listingChangeRequests.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
      const found = await q
        .select({ day })
        .from(listingChangeRequests)
        .where(
          and(
            eq(listingChangeRequests.listingId, listingId),
            eq(listingChangeRequests.kind, 'price'),
            inArray(listingChangeRequests.status, ['pending', 'completed']),
            sql`(${listingChangeRequests.createdAt} at time zone 'UTC')::date > (now() at time zone 'UTC')::date - ${days}::int`,
          ),
        )
        .orderBy(listingChangeRequests.createdAt);
      return found.map((r) => r.day);
    },

    hasPendingRenewal,

    /** A new change request, waiting for staff (inside the signing transaction). */
    async insert(
      tx: Tx,
      input: {
        listingId: number;
        kind: TChangeRequestKind;
        details: unknown;
        documentId: number;
        requestedBy: number | null;
      },
    ): Promise<ListingChangeRequest> {
      const [row] = await tx
        .insert(listingChangeRequests)
        .values({ hash: newHash(), status: 'pending', ...input })
        .returning();
      if (!row) throw new Error('change request not inserted');
      return row;
    },

    /** The snapshot of the listing's newest version (what was signed or changed last). */
    async latestSnapshot(tx: Tx, listingId: number): Promise<unknown> {
      const [row] = await tx
        .select({ snapshot: listingVersions.snapshot })
        .from(listingVersions)
        .where(eq(listingVersions.listingId, listingId))
        .orderBy(desc(listingVersions.number))
        .limit(1);
      return row?.snapshot ?? null;
    },
  };
}

/** Requests by id, by listing, and staff's queue. */
function listingChangeReads(db: Db) {
  return {
    async find(id: number, q: Db | Tx = db): Promise<ChangeRow | undefined> {
      const [row] = await rows(q).where(eq(listingChangeRequests.id, id));
      return row;
    },

    /** A change request's listing and what it asked, for staff serving its chosen photos. */
    async withListing(hash: string) {
      const [row] = await db
        .select({ change: listingChangeRequests, listing: mlsListings })
        .from(listingChangeRequests)
        .innerJoin(mlsListings, eq(mlsListings.id, listingChangeRequests.listingId))
        .where(eq(listingChangeRequests.hash, hash));
      return row;
    },

    /** The listing's change requests, newest first. */
    async ofListing(listingId: number): Promise<ChangeRow[]> {
      return rows(db)
        .where(eq(listingChangeRequests.listingId, listingId))
        .orderBy(desc(listingChangeRequests.createdAt), desc(listingChangeRequests.id));
    },

    /** Staff's queue: by status (or all), searchable by street, city, MLS number or email. */
    async page(q: {
      status: 'pending' | 'completed' | 'declined' | 'all';
      search?: string | undefined;
      dir: 'asc' | 'desc';
      limit: number;
      cursor?: string | undefined;
    }) {
      const sort: KeysetSort = {
        expr: listingChangeRequests.createdAt,
        type: 'timestamptz',
        dir: q.dir,
      };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const filters: Array<SQL | undefined> = [
        q.status === 'all' ? undefined : eq(listingChangeRequests.status, q.status),
        term
          ? sql`(${properties.street} || ' ' || ${properties.city} || ' ' || coalesce(${mlsListings.mlsNumber}, '') || ' ' || coalesce(${requester.email}, '')) ilike ${term}`
          : undefined,
        afterCursor(sort, listingChangeRequests.id, q.cursor),
      ];
      const found = await withPeople(
        db
          .select({
            ...changeColumns,
            listing: {
              hash: mlsListings.hash,
              mlsNumber: mlsListings.mlsNumber,
              standardStatus: mlsListings.standardStatus,
            },
            property: propertyColumns,
            sortKey: sortText(sort),
            keyId: listingChangeRequests.id,
          })
          .from(listingChangeRequests)
          .innerJoin(mlsListings, eq(mlsListings.id, listingChangeRequests.listingId))
          .innerJoin(properties, eq(properties.id, mlsListings.propertyId))
          .$dynamic(),
      )
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, listingChangeRequests.id))
        .limit(q.limit + 1);
      return toPage(found, q.limit);
    },

    /** A listing by its hash, with its property (staff's document downloads). */
    async listingByHash(hash: string): Promise<MlsListing | undefined> {
      const [row] = await db.select().from(mlsListings).where(eq(mlsListings.hash, hash));
      return row;
    },
  };
}

/** Staff's decisions on a request, applied to the listing. */
function listingChangeDecisions(db: Db) {
  return {
    /**
     * Staff decide on a change: the request and then its listing are locked, and `decide` runs
     * with both in one transaction (it applies the change and records the decision, or refuses).
     * Undefined when there is no such request.
     */
    async decide<R>(
      hash: string,
      decide: (
        tx: Tx,
        locked: {
          change: ListingChangeRequest;
          listing: MlsListing;
          property: ListingWithProperty['property'];
        },
      ) => Promise<R>,
    ): Promise<R | undefined> {
      return db.transaction(async (tx) => {
        const [change] = await tx
          .select()
          .from(listingChangeRequests)
          .where(eq(listingChangeRequests.hash, hash))
          .for('update');
        if (!change) return undefined;
        const [listing] = await tx
          .select()
          .from(mlsListings)
          .where(eq(mlsListings.id, change.listingId))
          .for('update');
        const [property] = listing
          ? await tx
              .select(propertyColumns)
              .from(properties)
              .where(eq(properties.id, listing.propertyId))
          : [];
        if (!listing || !property) return undefined;
        return decide(tx, { change, listing, property });
      });
    },

    /** The change made on the listing (inside `decide`). */
    async applyToListing(
      tx: Tx,
      listingId: number,
      patch: Partial<Pick<MlsListing, 'fields' | 'standardStatus'>>,
    ): Promise<void> {
      await tx
        .update(mlsListings)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(mlsListings.id, listingId));
    },

    async markDecided(
      tx: Tx,
      id: number,
      decision: { status: 'completed' | 'declined'; decidedBy: number; note: string | null },
    ): Promise<void> {
      await tx
        .update(listingChangeRequests)
        .set({
          status: decision.status,
          decidedBy: decision.decidedBy,
          staffNote: decision.note,
          decidedAt: sql`now()`,
        })
        .where(eq(listingChangeRequests.id, id));
    },
  };
}

/** Live listings that have not ended, with their property, that also match `more`. */
function liveNotEnded(db: Db, ...more: SQL[]): Promise<ListingWithProperty[]> {
  return db
    .select({ listing: mlsListings, property: propertyColumns })
    .from(mlsListings)
    .innerJoin(properties, eq(properties.id, mlsListings.propertyId))
    .where(
      and(
        eq(mlsListings.status, 'live'),
        or(
          sql`${mlsListings.standardStatus} is null`,
          notInArray(mlsListings.standardStatus, ENDED),
        ),
        ...more,
      ),
    );
}

/** Listings ending soon and their reminders. */
function listingEndReminders(db: Db) {
  return {
    /**
     * Live listings that have not ended whose end date is from `today` to `until` (UTC days)
     * and whose reminder was not sent for that date.
     */
    async endingSoon(today: string, until: string): Promise<ListingWithProperty[]> {
      return liveNotEnded(
        db,
        sql`${expirationDate} >= ${today}`,
        sql`${expirationDate} <= ${until}`,
        sql`${mlsListings.expiryRemindedFor} is distinct from ${expirationDate}`,
      );
    },

    /** The reminder for this end date was sent (false when it already was). */
    async markReminded(listingId: number, date: string): Promise<boolean> {
      const done = await db
        .update(mlsListings)
        .set({ expiryRemindedFor: date })
        .where(
          and(
            eq(mlsListings.id, listingId),
            sql`${mlsListings.expiryRemindedFor} is distinct from ${date}`,
          ),
        )
        .returning({ id: mlsListings.id });
      return done.length === 1;
    },
  };
}

/** Listings past their end, and expiring one. */
function listingExpiries(db: Db) {
  const { hasPendingRenewal } = listingChangeChecks(db);
  return {
    /** Live listings that have not ended, past their end date (before `today`). */
    async pastEnd(today: string): Promise<ListingWithProperty[]> {
      return liveNotEnded(db, sql`${expirationDate} < ${today}`);
    },

    /**
     * The listing expires, under its lock, if it still should: live, not ended, past its end
     * date, and no renewal waiting for staff. A renewal still waiting for signatures can no
     * longer take effect and is superseded. False when nothing changed.
     */
    async expire(listingId: number, today: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [listing] = await tx
          .select({ id: mlsListings.id })
          .from(mlsListings)
          .where(
            and(
              eq(mlsListings.id, listingId),
              eq(mlsListings.status, 'live'),
              or(
                sql`${mlsListings.standardStatus} is null`,
                notInArray(mlsListings.standardStatus, ENDED),
              ),
              sql`${expirationDate} < ${today}`,
            ),
          )
          .for('update');
        if (!listing) return false;
        if (await hasPendingRenewal(listingId, tx)) return false;
        await tx
          .update(mlsListings)
          .set({ standardStatus: 'Expired', updatedAt: new Date() })
          .where(eq(mlsListings.id, listingId));
        await tx
          .update(signingDocuments)
          .set({ status: 'superseded' })
          .where(
            and(
              eq(signingDocuments.listingId, listingId),
              eq(signingDocuments.kind, 'renewal'),
              eq(signingDocuments.status, 'awaiting'),
            ),
          );
        return true;
      });
    },
  };
}

/**
 * Change requests on live MLS listings (issue 18, "Manage"): the owner's signed change forms,
 * staff's queue and decisions, and the listings the expiry jobs look at.
 */
export function createListingChangeRepository(db: Db) {
  return {
    ...listingChangeWrites(db),
    ...listingChangeReads(db),
    ...listingChangeDecisions(db),
    ...listingEndReminders(db),
    ...listingExpiries(db),
  };
}
export type ListingChangeRepository = ReturnType<typeof createListingChangeRepository>;
