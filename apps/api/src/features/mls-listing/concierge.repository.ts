import type { TReturnReasons } from '@lantern/contracts';
import {
  type Db,
  listingPhotos,
  type MlsListing,
  mlsListings,
  orders,
  properties,
  users,
  userVendorKinds,
  vendorAssignments,
} from '@lantern/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';
import {
  assignedConcierge,
  conciergeEmails,
  goesToConcierge,
  isConciergeListing,
  paidConciergeListing,
} from './concierge-assignment.repository.ts';
import { addListingEvent, listingSnapshot } from './mls-listings.repository.ts';

export { conciergeEmails, goesToConcierge, isConciergeListing };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * What waits for this concierge: a signed listing to review (decision 048), the draft they hold,
 * or a concierge-listing draft nobody holds that they have not handed back yet (decision 065).
 */
const waitingFor = (userId: number) => sql`(${mlsListings.status} = 'concierge'
  or ${mlsListings.conciergeHolderId} = ${userId}
  or (${mlsListings.status} in ('draft', 'returned') and ${mlsListings.conciergeHolderId} is null
    and ${mlsListings.conciergeHandedAt} is null and ${paidConciergeListing}))`;

export type DraftRefusal = 'notDraft' | 'notConciergeListing' | 'heldByOther' | 'pendingReview';
export type DraftOutcome =
  | { ok: true; before: MlsListing; after: MlsListing }
  | { ok: false; reason: DraftRefusal | 'gone' | 'notHeld' };

export type ConciergeDecided =
  | { ok: true; before: Pick<MlsListing, 'status' | 'returnReasons'>; after: MlsListing }
  | { ok: false };

/** The listing row locked, if it is with this concierge now. */
async function lockWaiting(tx: Tx, id: number, userId: number) {
  const [row] = await tx
    .select()
    .from(mlsListings)
    .where(and(eq(mlsListings.id, id), eq(mlsListings.status, 'concierge')))
    .for('update', { of: mlsListings });
  if (!row) return undefined;
  // Checked again under the lock: an assignment ended meanwhile ends the concierge's say.
  const [still] = await tx
    .select({ id: mlsListings.id })
    .from(mlsListings)
    .where(and(eq(mlsListings.id, id), assignedConcierge(userId)));
  return still ? row : undefined;
}

/** The listing row locked, if it is still assigned to this concierge. */
async function lockAssigned(tx: Tx, id: number, userId: number) {
  const [row] = await tx
    .select()
    .from(mlsListings)
    .where(eq(mlsListings.id, id))
    .for('update', { of: mlsListings });
  if (!row) return undefined;
  const [still] = await tx
    .select({ id: mlsListings.id, paid: sql<boolean>`${paidConciergeListing}` })
    .from(mlsListings)
    .where(and(eq(mlsListings.id, id), assignedConcierge(userId)));
  return still ? { row, paid: still.paid } : undefined;
}

/** What the concierge routes check: paid, who ordered, who holds it, the property. */
function conciergeChecks(db: Db) {
  return {
    /** Does the listing's property have a paid concierge-listing order (the draft is theirs)? */
    async conciergeListingPaid(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: mlsListings.id })
        .from(mlsListings)
        .where(and(eq(mlsListings.id, id), paidConciergeListing));
      return row !== undefined;
    },

    /** The email of the person who placed the order (mailed with the owners, decision 032). */
    async orderedBy(orderId: number): Promise<string> {
      const [row] = await db
        .select({ email: users.email })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(orders.id, orderId));
      return row?.email ?? '';
    },

    /** Is the listing assigned to this concierge (the property, its order or a concierge order)? */
    async assigned(id: number, userId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: mlsListings.id })
        .from(mlsListings)
        .where(and(eq(mlsListings.id, id), assignedConcierge(userId)));
      return row !== undefined;
    },

    /** The property by its hash, if this concierge is assigned to it (else undefined: 404). */
    async propertyFor(userId: number, propertyHash: string) {
      const [row] = await db
        .select({ property: properties })
        .from(properties)
        .where(
          and(
            eq(properties.hash, propertyHash),
            sql`exists (select 1 from ${vendorAssignments} va
              join ${userVendorKinds} vk on vk.user_id = va.user_id and vk.kind = 'concierge'
              where va.kind = 'concierge' and va.property_id = ${properties.id}
                and va.user_id = ${userId})`,
          ),
        );
      return row?.property;
    },
  };
}

/** Taking a listing and handing it over, under its row lock. */
function conciergeHandling(db: Db) {
  return {
    /**
     * The concierge opens the owners' draft (decision 065): it must be a draft of a property with
     * a paid concierge listing, held by nobody, with no earlier changes waiting for the owners.
     * What the owners had is kept, read under the lock, for their review of each change.
     */
    async take(id: number, userId: number): Promise<DraftOutcome> {
      return db.transaction(async (tx) => {
        const found = await lockAssigned(tx, id, userId);
        if (!found) return { ok: false, reason: 'gone' };
        const { row } = found;
        if (row.status !== 'draft' && row.status !== 'returned')
          return { ok: false, reason: 'notDraft' };
        if (!found.paid) return { ok: false, reason: 'notConciergeListing' };
        if (row.conciergeHolderId === userId) return { ok: true, before: row, after: row };
        if (row.conciergeHolderId !== null) return { ok: false, reason: 'heldByOther' };
        if (row.conciergeBefore !== null && row.conciergeHandedAt !== null)
          return { ok: false, reason: 'pendingReview' };
        const [after] = await tx
          .update(mlsListings)
          .set({
            conciergeHolderId: userId,
            conciergeBefore: await listingSnapshot(tx, row),
            conciergeHandedAt: null,
            updatedAt: new Date(),
          })
          .where(eq(mlsListings.id, id))
          .returning();
        if (!after) throw new Error('listing update returned nothing');
        await addListingEvent(tx, {
          listingId: id,
          kind: 'concierge_took',
          boardId: row.boardId,
          staffUserId: userId,
        });
        return { ok: true, before: row, after };
      });
    },

    /** The concierge hands the draft back: the owners edit again, after reviewing the changes. */
    async handOver(id: number, userId: number): Promise<DraftOutcome> {
      return db.transaction(async (tx) => {
        const found = await lockAssigned(tx, id, userId);
        if (!found) return { ok: false, reason: 'gone' };
        const { row } = found;
        if (row.conciergeHolderId !== userId) return { ok: false, reason: 'notHeld' };
        const [after] = await tx
          .update(mlsListings)
          .set({ conciergeHolderId: null, conciergeHandedAt: new Date(), updatedAt: new Date() })
          .where(eq(mlsListings.id, id))
          .returning();
        if (!after) throw new Error('listing update returned nothing');
        await addListingEvent(tx, {
          listingId: id,
          kind: 'concierge_handed',
          boardId: row.boardId,
          staffUserId: userId,
        });
        return { ok: true, before: row, after };
      });
    },
  };
}

/** The concierge's queue and one listing in it. */
function conciergeQueue(db: Db) {
  return {
    /** Keyset pages of the concierge's listings, by when they were signed, oldest first. */
    async page(
      userId: number,
      q: {
        status: 'waiting' | 'all';
        search?: string | undefined;
        dir: 'asc' | 'desc';
        limit: number;
        cursor?: string | undefined;
      },
    ) {
      const sort: KeysetSort = {
        expr: sql`coalesce(${mlsListings.submittedAt}, ${mlsListings.createdAt})`,
        type: 'timestamptz',
        dir: q.dir,
      };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const rows = await db
        .select({
          hash: mlsListings.hash,
          status: mlsListings.status,
          street: properties.street,
          unit: properties.unit,
          city: properties.city,
          state: properties.state,
          fields: mlsListings.fields,
          submittedAt: mlsListings.submittedAt,
          photoCount: sql<number>`(select count(*)::int from ${listingPhotos} lp where lp.listing_id = ${mlsListings.id} and lp.status = 'ready')`,
          sortKey: sortText(sort),
          keyId: mlsListings.id,
        })
        .from(mlsListings)
        .innerJoin(properties, eq(properties.id, mlsListings.propertyId))
        .where(
          and(
            assignedConcierge(userId),
            q.status === 'waiting' ? waitingFor(userId) : undefined,
            term
              ? sql`(${properties.street} || ' ' || coalesce(${properties.unit}, '') || ' ' || ${properties.city} || ' ' || coalesce(${mlsListings.fields}->>'Owners', '')) ilike ${term}`
              : undefined,
            afterCursor(sort, mlsListings.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, mlsListings.id))
        .limit(q.limit + 1);
      return toPage(
        rows.map((r) => ({ ...r, photoCount: Number(r.photoCount) })),
        q.limit,
      );
    },

    /** One listing, only if it is this concierge's (another's, or a made-up one: undefined). */
    async findFor(userId: number, hash: string) {
      const [row] = await db
        .select({
          listing: mlsListings,
          property: properties,
          order: orders,
          orderedBy: users.email,
        })
        .from(mlsListings)
        .innerJoin(properties, eq(properties.id, mlsListings.propertyId))
        .innerJoin(orders, eq(orders.id, mlsListings.orderId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(and(eq(mlsListings.hash, hash), assignedConcierge(userId)));
      return row;
    },
  };
}

/** Sending a listing back to the customer, or marking it ready. */
function conciergeReturns(db: Db) {
  return {
    /** Back to the customer with the notes beside fields and photos; they edit and sign again. */
    async returnToCustomer(
      id: number,
      userId: number,
      notes: TReturnReasons,
    ): Promise<ConciergeDecided> {
      return db.transaction(async (tx) => {
        const row = await lockWaiting(tx, id, userId);
        if (!row) return { ok: false };
        const [after] = await tx
          .update(mlsListings)
          .set({ status: 'returned', returnReasons: notes, updatedAt: new Date() })
          .where(eq(mlsListings.id, id))
          .returning();
        if (!after) throw new Error('listing update returned nothing');
        await addListingEvent(tx, {
          listingId: id,
          kind: 'concierge_returned',
          boardId: row.boardId,
          staffUserId: userId,
        });
        return {
          ok: true,
          before: { status: row.status, returnReasons: row.returnReasons },
          after,
        };
      });
    },

    /**
     * Ready for staff: the listing joins staff's queue as a signature sends it there, its place
     * in the queue being now. The last notes stay for staff to read.
     */
    async ready(id: number, userId: number): Promise<ConciergeDecided> {
      return db.transaction(async (tx) => {
        const row = await lockWaiting(tx, id, userId);
        if (!row) return { ok: false };
        const [after] = await tx
          .update(mlsListings)
          .set({ status: 'submitted', submittedAt: new Date(), updatedAt: new Date() })
          .where(eq(mlsListings.id, id))
          .returning();
        if (!after) throw new Error('listing update returned nothing');
        await addListingEvent(tx, {
          listingId: id,
          kind: 'concierge_ready',
          boardId: row.boardId,
          staffUserId: userId,
        });
        return {
          ok: true,
          before: { status: row.status, returnReasons: row.returnReasons },
          after,
        };
      });
    },
  };
}

/**
 * The concierge's listings (issue 24; docs/decisions/048): which listings go to a concierge
 * before staff, the concierge's own list and listing, and their two actions, each under the
 * listing's row lock.
 */
export function createConciergeRepository(db: Db) {
  return {
    ...conciergeChecks(db),
    ...conciergeHandling(db),
    ...conciergeQueue(db),
    ...conciergeReturns(db),
  };
}
export type ConciergeRepository = ReturnType<typeof createConciergeRepository>;
