import {
  auditLog,
  type Db,
  fsboListings,
  type ListingPhoto,
  listingPhotos,
  type MlsListing,
  mlsListings,
  type NewAuditEntry,
  newHash,
  orders,
  workOrders,
} from '@lantern/db';
import { and, asc, count, eq, gt, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';

/**
 * Whose photos: an MLS listing's (issue 16), an FSBO listing's (issue 19) or a work order's proof
 * of the finished trip (issue 21). One table holds them all (`listing_photos.listing_id`,
 * `fsbo_listing_id` or `work_order_id`, exactly one set).
 */
export interface PhotoOwner {
  kind: 'mls' | 'fsbo' | 'work_order' | 'shoot';
  id: number;
  hash: string;
}
export const mlsPhotoOwner = (listing: { id: number; hash: string }): PhotoOwner => ({
  kind: 'mls',
  id: listing.id,
  hash: listing.hash,
});
export const fsboPhotoOwner = (listing: { id: number; hash: string }): PhotoOwner => ({
  kind: 'fsbo',
  id: listing.id,
  hash: listing.hash,
});

export const workOrderPhotoOwner = (wo: { id: number; hash: string }): PhotoOwner => ({
  kind: 'work_order',
  id: wo.id,
  hash: wo.hash,
});

/** A photography work order's delivered shoot (issue 39), apart from its proof photos. */
export const shootPhotoOwner = (wo: { id: number; hash: string }): PhotoOwner => ({
  kind: 'shoot',
  id: wo.id,
  hash: wo.hash,
});

export type NewListingPhoto = Pick<
  ListingPhoto,
  'uploadedBy' | 'fileName' | 'contentType' | 'bytes' | 'storageKey'
> & { hash: string };

/** A ready photo copied from elsewhere in storage: its row to add, processed already. */
export type PhotoCopy = NewListingPhoto & Pick<ListingPhoto, 'width' | 'height' | 'caption'>;

const OWNER_COLUMN = {
  mls: listingPhotos.listingId,
  fsbo: listingPhotos.fsboListingId,
  work_order: listingPhotos.workOrderId,
  shoot: listingPhotos.shootWorkOrderId,
} as const;
const ownedBy = (owner: Pick<PhotoOwner, 'kind' | 'id'>): SQL =>
  eq(OWNER_COLUMN[owner.kind], owner.id);
const ownerColumns = (owner: Pick<PhotoOwner, 'kind' | 'id'>) => ({
  listingId: owner.kind === 'mls' ? owner.id : null,
  fsboListingId: owner.kind === 'fsbo' ? owner.id : null,
  workOrderId: owner.kind === 'work_order' ? owner.id : null,
  shootWorkOrderId: owner.kind === 'shoot' ? owner.id : null,
});
/** The table of each kind of owner. */
const OWNER_TABLE = {
  mls: mlsListings,
  fsbo: fsboListings,
  work_order: workOrders,
  shoot: workOrders,
} as const;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Lock the owning listing's row, so photo counts and positions change one request at a time. */
async function lockOwner(tx: Tx, owner: Pick<PhotoOwner, 'kind' | 'id'>): Promise<void> {
  const table = OWNER_TABLE[owner.kind];
  await tx.select({ id: table.id }).from(table).where(eq(table.id, owner.id)).for('update');
}

/** With the owner locked: how many photos it has, and the position after its last. */
async function lockedEnd(tx: Tx, owner: Pick<PhotoOwner, 'kind' | 'id'>) {
  await lockOwner(tx, owner);
  const [stats] = await tx
    .select({ n: count(), last: sql<number | null>`max(${listingPhotos.position})` })
    .from(listingPhotos)
    .where(ownedBy(owner));
  const last = stats?.last;
  return { n: stats?.n ?? 0, position: last === null || last === undefined ? 0 : last + 1 };
}

/** What processing found: ready with its size, or refused with the reason in words. */
export type PhotoOutcome =
  | { status: 'ready'; width: number; height: number }
  | { status: 'refused'; error: string; width: number | null; height: number | null };

/** A photo's owner, and the photos it has. */
function photoReads(db: Db) {
  return {
    /** The owner of a public row's photos (by the MLS or FSBO listing's id). */
    async ownerById(kind: PhotoOwner['kind'], id: number): Promise<PhotoOwner | undefined> {
      const table = OWNER_TABLE[kind];
      const [row] = await db
        .select({ id: table.id, hash: table.hash })
        .from(table)
        .where(eq(table.id, id));
      return row && { kind, ...row };
    },

    /** The photos in their order; the first is the primary one. */
    list(owner: Pick<PhotoOwner, 'kind' | 'id'>): Promise<ListingPhoto[]> {
      return db
        .select()
        .from(listingPhotos)
        .where(ownedBy(owner))
        .orderBy(asc(listingPhotos.position), asc(listingPhotos.id));
    },

    async countOf(owner: PhotoOwner): Promise<number> {
      const [row] = await db.select({ n: count() }).from(listingPhotos).where(ownedBy(owner));
      return row?.n ?? 0;
    },

    async find(owner: PhotoOwner, hash: string): Promise<ListingPhoto | undefined> {
      const [row] = await db
        .select()
        .from(listingPhotos)
        .where(and(ownedBy(owner), eq(listingPhotos.hash, hash)));
      return row;
    },

    newHash: () => newHash(),
  };
}

/** Adding photos within the limit, copied, or as a whole set. */
function photoAdds(db: Db) {
  return {
    /**
     * Add a stored photo at the end, unless the listing already has `max`: the listing row is
     * locked so two uploads at once cannot both take the 50th place.
     */
    async addWithinLimit(
      owner: PhotoOwner,
      photo: NewListingPhoto,
      max: number,
    ): Promise<ListingPhoto | 'full'> {
      return db.transaction(async (tx) => {
        const { n, position } = await lockedEnd(tx, owner);
        if (n >= max) return 'full';
        const [row] = await tx
          .insert(listingPhotos)
          .values({ ...photo, ...ownerColumns(owner), position })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        return row;
      });
    },

    /**
     * Add ready photos copied from elsewhere (a delivered shoot, issue 39) at the end, in the
     * order given, all or none: `room` answered when they would pass `max`. The activity row is
     * written in the same transaction.
     */
    async addCopies(
      owner: PhotoOwner,
      photos: readonly PhotoCopy[],
      max: number,
      audit: NewAuditEntry,
    ): Promise<ListingPhoto[] | { room: number }> {
      return db.transaction(async (tx) => {
        const { n, position: first } = await lockedEnd(tx, owner);
        if (n + photos.length > max) return { room: Math.max(0, max - n) };
        const rows = await tx
          .insert(listingPhotos)
          .values(
            photos.map((p, i) => ({
              ...p,
              ...ownerColumns(owner),
              position: first + i,
              status: 'ready' as const,
            })),
          )
          .returning();
        await tx.insert(auditLog).values(audit);
        return rows.sort((a, b) => a.position - b.position);
      });
    },

    /**
     * Give the listing exactly this set, in this order, inside `tx` (a change staff carried out,
     * issue 39): its photos named by hash are kept, the copies added, every other one removed.
     * Answers the removed rows, whose files the caller deletes once committed.
     */
    async replaceSet(
      tx: Tx,
      owner: PhotoOwner,
      set: readonly ({ keep: string } | { add: PhotoCopy })[],
    ): Promise<ListingPhoto[]> {
      await lockOwner(tx, owner);
      const kept = set.flatMap((e) => ('keep' in e ? [e.keep] : []));
      const removed = await tx
        .delete(listingPhotos)
        .where(
          kept.length ? and(ownedBy(owner), notInArray(listingPhotos.hash, kept)) : ownedBy(owner),
        )
        .returning();
      for (const [position, entry] of set.entries()) {
        if ('keep' in entry)
          await tx
            .update(listingPhotos)
            .set({ position, updatedAt: new Date() })
            .where(and(ownedBy(owner), eq(listingPhotos.hash, entry.keep)));
        else
          await tx
            .insert(listingPhotos)
            .values({ ...entry.add, ...ownerColumns(owner), position, status: 'ready' });
      }
      return removed;
    },
  };
}

/** Ordering, captioning and removing photos. */
function photoEdits(db: Db) {
  return {
    /** Put the photos in this order; false unless `hashes` is exactly the listing's photos. */
    async reorder(owner: PhotoOwner, hashes: readonly string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, owner);
        const rows = await tx
          .select({ id: listingPhotos.id, hash: listingPhotos.hash })
          .from(listingPhotos)
          .where(ownedBy(owner));
        const byHash = new Map(rows.map((r) => [r.hash, r.id]));
        if (hashes.length !== rows.length || new Set(hashes).size !== hashes.length) return false;
        if (!hashes.every((h) => byHash.has(h))) return false;
        for (const [position, hash] of hashes.entries()) {
          await tx
            .update(listingPhotos)
            .set({ position, updatedAt: new Date() })
            .where(eq(listingPhotos.id, byHash.get(hash) as number));
        }
        return true;
      });
    },

    async setCaption(owner: PhotoOwner, hash: string, caption: string): Promise<boolean> {
      const rows = await db
        .update(listingPhotos)
        .set({ caption, updatedAt: new Date() })
        .where(and(ownedBy(owner), eq(listingPhotos.hash, hash)))
        .returning({ id: listingPhotos.id });
      return rows.length > 0;
    },

    /** Remove one photo and close the gap in the order; returns the removed row. */
    async remove(owner: PhotoOwner, hash: string): Promise<ListingPhoto | undefined> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, owner);
        const [row] = await tx
          .delete(listingPhotos)
          .where(and(ownedBy(owner), eq(listingPhotos.hash, hash)))
          .returning();
        if (!row) return undefined;
        await tx
          .update(listingPhotos)
          .set({ position: sql`${listingPhotos.position} - 1` })
          .where(and(ownedBy(owner), gt(listingPhotos.position, row.position)));
        return row;
      });
    },

    /** Every photo row of the listing removed; returns what was removed. */
    removeAll(owner: PhotoOwner): Promise<ListingPhoto[]> {
      return db.delete(listingPhotos).where(ownedBy(owner)).returning();
    },
  };
}

/** Cancelled drafts, and photos waiting for their checks. */
function photoCleanup(db: Db) {
  return {
    /** Draft listings whose order was cancelled (a voided invoice): nothing will use them. */
    async cancelledDrafts(): Promise<MlsListing[]> {
      const rows = await db
        .select({ listing: mlsListings })
        .from(mlsListings)
        .innerJoin(orders, eq(orders.id, mlsListings.orderId))
        .where(and(eq(mlsListings.status, 'draft'), eq(orders.status, 'cancelled')));
      return rows.map((r) => r.listing);
    },

    /** The listing row itself (its photo rows go with it). */
    async deleteListing(listingId: number): Promise<void> {
      await db.delete(mlsListings).where(eq(mlsListings.id, listingId));
    },

    /** The listing's photos still waiting to be processed, these ids among them, in order. */
    waiting(
      owner: Pick<PhotoOwner, 'kind' | 'id'>,
      ids: readonly number[],
    ): Promise<ListingPhoto[]> {
      return db
        .select()
        .from(listingPhotos)
        .where(
          and(
            eq(listingPhotos.status, 'processing'),
            ids.length ? or(ownedBy(owner), inArray(listingPhotos.id, [...ids])) : ownedBy(owner),
          ),
        )
        .orderBy(asc(listingPhotos.position));
    },

    /** False when the photo was deleted meanwhile. */
    async setOutcome(id: number, outcome: PhotoOutcome): Promise<boolean> {
      const rows = await db
        .update(listingPhotos)
        .set({
          status: outcome.status,
          error: outcome.status === 'refused' ? outcome.error : null,
          width: outcome.width,
          height: outcome.height,
          updatedAt: new Date(),
        })
        .where(eq(listingPhotos.id, id))
        .returning({ id: listingPhotos.id });
      return rows.length > 0;
    },
  };
}

/**
 * A listing's photos (issues 16 and 19). Callers have checked the user's access (the listing comes
 * from the MLS or FSBO listing service's `open`).
 */
export function createListingPhotoRepository(db: Db) {
  return { ...photoReads(db), ...photoAdds(db), ...photoEdits(db), ...photoCleanup(db) };
}
export type ListingPhotoRepository = ReturnType<typeof createListingPhotoRepository>;
