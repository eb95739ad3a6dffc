import {
  type Db,
  type ListingPhoto,
  listingPhotos,
  type MlsListing,
  mlsListings,
  newHash,
  orders,
} from '@lantern/db';
import { and, asc, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';

export type NewListingPhoto = Pick<
  ListingPhoto,
  'listingId' | 'uploadedBy' | 'fileName' | 'contentType' | 'bytes' | 'storageKey'
> & { hash: string };

/** What processing found: ready with its size, or refused with the reason in words. */
export type PhotoOutcome =
  | { status: 'ready'; width: number; height: number }
  | { status: 'refused'; error: string; width: number | null; height: number | null };

/**
 * A listing's photos (issue 16). Callers have checked the user's access (the listing comes from
 * the MLS listing service's `open`).
 */
export function createListingPhotoRepository(db: Db) {
  return {
    async listingById(id: number): Promise<MlsListing | undefined> {
      const [row] = await db.select().from(mlsListings).where(eq(mlsListings.id, id));
      return row;
    },

    /** The photos in their order; the first is the primary one. */
    list(listingId: number): Promise<ListingPhoto[]> {
      return db
        .select()
        .from(listingPhotos)
        .where(eq(listingPhotos.listingId, listingId))
        .orderBy(asc(listingPhotos.position), asc(listingPhotos.id));
    },

    async countOf(listingId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(listingPhotos)
        .where(eq(listingPhotos.listingId, listingId));
      return row?.n ?? 0;
    },

    async find(listingId: number, hash: string): Promise<ListingPhoto | undefined> {
      const [row] = await db
        .select()
        .from(listingPhotos)
        .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.hash, hash)));
      return row;
    },

    /**
     * Add a stored photo at the end, unless the listing already has `max`: the listing row is
     * locked so two uploads at once cannot both take the 50th place.
     */
    async addWithinLimit(
      photo: NewListingPhoto & { listingId: number },
      max: number,
    ): Promise<ListingPhoto | 'full'> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: mlsListings.id })
          .from(mlsListings)
          .where(eq(mlsListings.id, photo.listingId))
          .for('update');
        const [stats] = await tx
          .select({ n: count(), last: sql<number | null>`max(${listingPhotos.position})` })
          .from(listingPhotos)
          .where(eq(listingPhotos.listingId, photo.listingId));
        if ((stats?.n ?? 0) >= max) return 'full';
        const position = stats?.last === null || stats?.last === undefined ? 0 : stats.last + 1;
        const [row] = await tx
          .insert(listingPhotos)
          .values({ ...photo, position })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        return row;
      });
    },

    /** Put the photos in this order; false unless `hashes` is exactly the listing's photos. */
    async reorder(listingId: number, hashes: readonly string[]): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: mlsListings.id })
          .from(mlsListings)
          .where(eq(mlsListings.id, listingId))
          .for('update');
        const rows = await tx
          .select({ id: listingPhotos.id, hash: listingPhotos.hash })
          .from(listingPhotos)
          .where(eq(listingPhotos.listingId, listingId));
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

    async setCaption(listingId: number, hash: string, caption: string): Promise<boolean> {
      const rows = await db
        .update(listingPhotos)
        .set({ caption, updatedAt: new Date() })
        .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.hash, hash)))
        .returning({ id: listingPhotos.id });
      return rows.length > 0;
    },

    /** Remove one photo and close the gap in the order; returns the removed row. */
    async remove(listingId: number, hash: string): Promise<ListingPhoto | undefined> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: mlsListings.id })
          .from(mlsListings)
          .where(eq(mlsListings.id, listingId))
          .for('update');
        const [row] = await tx
          .delete(listingPhotos)
          .where(and(eq(listingPhotos.listingId, listingId), eq(listingPhotos.hash, hash)))
          .returning();
        if (!row) return undefined;
        await tx
          .update(listingPhotos)
          .set({ position: sql`${listingPhotos.position} - 1` })
          .where(
            and(eq(listingPhotos.listingId, listingId), gt(listingPhotos.position, row.position)),
          );
        return row;
      });
    },

    /** Every photo row of the listing removed; returns what was removed. */
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

    removeAll(listingId: number): Promise<ListingPhoto[]> {
      return db.delete(listingPhotos).where(eq(listingPhotos.listingId, listingId)).returning();
    },

    /** The listing's photos still waiting to be processed, these ids among them, in order. */
    waiting(listingId: number, ids: readonly number[]): Promise<ListingPhoto[]> {
      return db
        .select()
        .from(listingPhotos)
        .where(
          and(
            eq(listingPhotos.status, 'processing'),
            ids.length
              ? or(eq(listingPhotos.listingId, listingId), inArray(listingPhotos.id, [...ids]))
              : eq(listingPhotos.listingId, listingId),
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

    newHash: () => newHash(),
  };
}
export type ListingPhotoRepository = ReturnType<typeof createListingPhotoRepository>;
