import type { TReturnReasons } from '@lantern/contracts';
import {
  type Db,
  invoiceLines,
  invoices,
  listingEvents,
  type MlsListing,
  mlsBoards,
  mlsListings,
  orders,
  products,
  properties,
  users,
} from '@lantern/db';
import type { TMlsListingStatus } from '@lantern/domain';
import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';
import { releaseCoupon } from '../orders/coupons.repository.ts';
import { addListingEvent } from './mls-listings.repository.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Why a decision was not recorded; the service says it in words. */
export type ReviewRefusal = 'notSubmitted' | 'numberTaken';
export type Decided =
  | { ok: true; before: Snapshot; after: Snapshot }
  | { ok: false; reason: ReviewRefusal };

/** What the activity log keeps of a listing before and after a decision. */
export type Snapshot = Pick<
  MlsListing,
  'status' | 'mlsNumber' | 'boardId' | 'returnReasons' | 'rejectedReason'
>;
const snapshot = (l: MlsListing): Snapshot => ({
  status: l.status,
  mlsNumber: l.mlsNumber,
  boardId: l.boardId,
  returnReasons: l.returnReasons,
  rejectedReason: l.rejectedReason,
});

/**
 * The listing row locked until the transaction ends, if it is still waiting for a decision:
 * submitted, and not claimed by a "cannot be listed" whose refunds are under way. Two staff
 * deciding at once go one after the other, and the second finds it decided.
 */
async function lockSubmitted(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(mlsListings)
    .where(eq(mlsListings.id, id))
    .for('update', { of: mlsListings });
  return row?.status === 'submitted' ? row : undefined;
}

/** Orders billed on an invoice: its own, and the upgrades on its lines (decision 031). */
const billedOn = (invoiceId: number): SQL =>
  or(
    sql`${orders.id} = (select ${invoices.orderId} from ${invoices} where ${invoices.id} = ${invoiceId})`,
    inArray(
      orders.id,
      sql`(select ${invoiceLines.orderId} from ${invoiceLines} where ${invoiceLines.invoiceId} = ${invoiceId} and ${invoiceLines.orderId} is not null)`,
    ),
  ) as SQL;

/** Staff's review queue and one listing in it. */
function listingReviewQueue(db: Db) {
  return {
    /** Keyset pages, by when submitted (when started, for one never submitted), oldest first. */
    async page(q: {
      status: 'all' | TMlsListingStatus;
      search?: string | undefined;
      dir: 'asc' | 'desc';
      limit: number;
      cursor?: string | undefined;
    }) {
      const sort: KeysetSort = {
        expr: sql`coalesce(${mlsListings.submittedAt}, ${mlsListings.createdAt})`,
        type: 'timestamptz',
        dir: q.dir,
      };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const filters: Array<SQL | undefined> = [
        q.status === 'all' ? undefined : eq(mlsListings.status, q.status),
        term
          ? sql`(${properties.street} || ' ' || ${properties.city} || ' ' || coalesce(${mlsListings.mlsNumber}, '') || ' ' || coalesce(${mlsListings.fields}->>'Owners', '')) ilike ${term}`
          : undefined,
        afterCursor(sort, mlsListings.id, q.cursor),
      ];
      const rows = await db
        .select({
          hash: mlsListings.hash,
          status: mlsListings.status,
          street: properties.street,
          unit: properties.unit,
          city: properties.city,
          state: properties.state,
          fields: mlsListings.fields,
          board: mlsBoards.name,
          submittedAt: mlsListings.submittedAt,
          createdAt: mlsListings.createdAt,
          mlsNumber: mlsListings.mlsNumber,
          sortKey: sortText(sort),
          keyId: mlsListings.id,
        })
        .from(mlsListings)
        .innerJoin(properties, eq(properties.id, mlsListings.propertyId))
        .leftJoin(mlsBoards, eq(mlsBoards.id, mlsListings.boardId))
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, mlsListings.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },

    /** One listing with its property, order, product and the person who ordered it. */
    async find(hash: string) {
      const [row] = await db
        .select({
          listing: mlsListings,
          property: properties,
          order: orders,
          productName: products.name,
          orderedBy: users.email,
        })
        .from(mlsListings)
        .innerJoin(properties, eq(properties.id, mlsListings.propertyId))
        .innerJoin(orders, eq(orders.id, mlsListings.orderId))
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(users, eq(users.id, orders.userId))
        .where(eq(mlsListings.hash, hash));
      return row;
    },
  };
}

/** Boards, a listing's history, and submitting in tests. */
function listingReviewLookups(db: Db) {
  return {
    /**
     * Test fixtures only (the browser tests of review): the listing goes to staff as the last
     * signature sends it (`mlsListings.submit` in the signing transaction).
     */
    async submitForTests(id: number, submit: (tx: Tx, id: number) => Promise<boolean>) {
      return db.transaction((tx) => submit(tx, id));
    },

    /** Every MLS board, by name: staff may put a listing on any of them. */
    boards: () => db.select().from(mlsBoards).orderBy(asc(mlsBoards.name)),

    async boardBySlug(slug: string) {
      const [row] = await db.select().from(mlsBoards).where(eq(mlsBoards.slug, slug));
      return row;
    },

    /** Each submission and staff decision on the listing, oldest first, with who and which MLS. */
    history: (listingId: number) =>
      db
        .select({
          at: listingEvents.createdAt,
          kind: listingEvents.kind,
          by: users.email,
          board: mlsBoards.name,
          step: listingEvents.step,
        })
        .from(listingEvents)
        .leftJoin(users, eq(users.id, listingEvents.staffUserId))
        .leftJoin(mlsBoards, eq(mlsBoards.id, listingEvents.boardId))
        .where(eq(listingEvents.listingId, listingId))
        .orderBy(asc(listingEvents.id)),
  };
}

/** Approving a listing or sending it back. */
function listingReviewApprovals(db: Db) {
  return {
    /**
     * Live: the MLS number and board, RESO StandardStatus Active. Refused when it is no longer
     * waiting, or another listing on that board already has the number.
     */
    async approve(
      id: number,
      input: { mlsNumber: string; boardId: number; staffUserId: number },
    ): Promise<Decided> {
      return db.transaction(async (tx) => {
        const row = await lockSubmitted(tx, id);
        if (!row || row.rejectedReason !== null) return { ok: false, reason: 'notSubmitted' };
        const [taken] = await tx
          .select({ id: mlsListings.id })
          .from(mlsListings)
          .where(
            and(
              ne(mlsListings.id, id),
              eq(mlsListings.boardId, input.boardId),
              sql`lower(${mlsListings.mlsNumber}) = lower(${input.mlsNumber})`,
            ),
          );
        if (taken) return { ok: false, reason: 'numberTaken' };
        const [after] = await tx
          .update(mlsListings)
          .set({
            status: 'live',
            mlsNumber: input.mlsNumber,
            boardId: input.boardId,
            standardStatus: 'Active',
            liveAt: new Date(),
            returnReasons: null,
            updatedAt: new Date(),
          })
          .where(eq(mlsListings.id, id))
          .returning();
        if (!after) throw new Error('listing update returned nothing');
        await addListingEvent(tx, {
          listingId: id,
          kind: 'approved',
          boardId: input.boardId,
          staffUserId: input.staffUserId,
        });
        return { ok: true, before: snapshot(row), after: snapshot(after) };
      });
    },

    /** Back to the owners with reasons by field; they may change it again. */
    async sendBack(id: number, reasons: TReturnReasons, staffUserId: number): Promise<Decided> {
      return db.transaction(async (tx) => {
        const row = await lockSubmitted(tx, id);
        if (!row || row.rejectedReason !== null) return { ok: false, reason: 'notSubmitted' };
        const [after] = await tx
          .update(mlsListings)
          .set({ status: 'returned', returnReasons: reasons, updatedAt: new Date() })
          .where(eq(mlsListings.id, id))
          .returning();
        if (!after) throw new Error('listing update returned nothing');
        await addListingEvent(tx, {
          listingId: id,
          kind: 'returned',
          boardId: row.boardId,
          staffUserId,
        });
        return { ok: true, before: snapshot(row), after: snapshot(after) };
      });
    },
  };
}

/** Rejecting a listing: claimed, released, or completed with its refund. */
function listingReviewRejects(db: Db) {
  return {
    /**
     * "Cannot be listed", first half: the reason is written while the listing stays submitted,
     * which claims it — approve and send back refuse a claimed listing, so none can slip in
     * while the refunds are made outside this transaction. A second "cannot be listed" may
     * claim it again (to finish one that failed part-way).
     */
    async claimReject(id: number, reason: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const row = await lockSubmitted(tx, id);
        if (!row) return false;
        await tx
          .update(mlsListings)
          .set({ rejectedReason: reason, updatedAt: new Date() })
          .where(eq(mlsListings.id, id));
        return true;
      });
    },

    /** Nothing was refunded after all: the claim goes and the listing waits as before. */
    async releaseReject(id: number): Promise<void> {
      await db
        .update(mlsListings)
        .set({ rejectedReason: null })
        .where(and(eq(mlsListings.id, id), eq(mlsListings.status, 'submitted')));
    },

    /**
     * "Cannot be listed", second half, once the invoice is refunded: the listing is rejected and
     * the orders billed on its invoice (the listing's and the upgrades on its lines) cancelled,
     * their coupons given back. Answers the orders cancelled (for the CRM).
     */
    async completeReject(
      id: number,
      orderId: number,
      invoiceId: number | null,
      staffUserId: number,
    ): Promise<
      { ok: true; before: Snapshot; after: Snapshot; cancelled: number[] } | { ok: false }
    > {
      return db.transaction(async (tx) => {
        const row = await lockSubmitted(tx, id);
        if (!row || row.rejectedReason === null) return { ok: false };
        const [after] = await tx
          .update(mlsListings)
          .set({ status: 'rejected', returnReasons: null, updatedAt: new Date() })
          .where(eq(mlsListings.id, id))
          .returning();
        if (!after) throw new Error('listing update returned nothing');
        await addListingEvent(tx, {
          listingId: id,
          kind: 'rejected',
          boardId: row.boardId,
          staffUserId,
        });
        const cancelled = await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(
            and(
              invoiceId === null ? eq(orders.id, orderId) : billedOn(invoiceId),
              ne(orders.status, 'cancelled'),
            ),
          )
          .returning({ id: orders.id });
        for (const order of cancelled) await releaseCoupon(tx, order.id);
        return {
          ok: true,
          before: { ...snapshot(row), rejectedReason: null },
          after: snapshot(after),
          cancelled: cancelled.map((o) => o.id),
        };
      });
    },
  };
}

/**
 * Staff's review of MLS listings (issue 18; docs/decisions/032): the list by state, one listing,
 * and the three decisions, each in one transaction under the listing's row lock.
 */
export function createListingReviewRepository(db: Db) {
  return {
    ...listingReviewQueue(db),
    ...listingReviewLookups(db),
    ...listingReviewApprovals(db),
    ...listingReviewRejects(db),
  };
}
export type ListingReviewRepository = ReturnType<typeof createListingReviewRepository>;
