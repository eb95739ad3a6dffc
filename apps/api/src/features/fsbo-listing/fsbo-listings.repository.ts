import {
  auditLog,
  type Db,
  type FsboListing,
  fsboListings,
  type ListingPriceEvent,
  listingPhotos,
  listingPriceEvents,
  listings,
  type NewAuditEntry,
  type NewFsboListing,
  newHash,
  type Property,
  properties,
  type Tx,
} from '@lantern/db';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  firstReadyPhotoHash,
  PROPERTY_PLACE,
} from '../public-listings/listing-source.repository.ts';

/** What an FSBO listing's public row is made from. */
export interface FsboListingSource {
  listing: FsboListing;
  property: Pick<Property, 'street' | 'unit' | 'city' | 'state' | 'zip' | 'lat' | 'lng'>;
  /** The first ready photo, shown on the list pages. */
  photoHash: string | null;
}

/** A property's FSBO listing (issue 19). Callers have checked the user's access. */
type ListingPatch = Partial<
  Pick<
    NewFsboListing,
    | 'status'
    | 'completedSteps'
    | 'fields'
    | 'contact'
    | 'marketStatus'
    | 'soldPrice'
    | 'soldOn'
    | 'publishedAt'
    | 'firstPublishedAt'
    | 'syndication'
  >
>;

/** A property's FSBO listing, its photos, and its public source. */
function fsboListingReads(db: Db) {
  return {
    async forProperty(propertyId: number): Promise<FsboListing | undefined> {
      const [row] = await db
        .select()
        .from(fsboListings)
        .where(eq(fsboListings.propertyId, propertyId));
      return row;
    },

    /** The property's listing, made empty on the first read (one per property; a race makes one). */
    async openForProperty(propertyId: number, userId: number): Promise<FsboListing> {
      await db
        .insert(fsboListings)
        .values({ hash: newHash(), propertyId, createdBy: userId })
        .onConflictDoNothing({ target: fsboListings.propertyId });
      const row = await this.forProperty(propertyId);
      if (!row) throw new Error('The FSBO listing was not made.');
      return row;
    },

    async readyPhotoCount(id: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(listingPhotos)
        .where(and(eq(listingPhotos.fsboListingId, id), eq(listingPhotos.status, 'ready')));
      return row?.n ?? 0;
    },

    /** The listing with its property's address and first ready photo, for its public row. */
    async source(id: number): Promise<FsboListingSource | undefined> {
      const [found] = await db
        .select({
          listing: fsboListings,
          property: PROPERTY_PLACE,
        })
        .from(fsboListings)
        .innerJoin(properties, eq(properties.id, fsboListings.propertyId))
        .where(eq(fsboListings.id, id));
      if (!found) return undefined;
      const photoHash = await firstReadyPhotoHash(db, eq(listingPhotos.fsboListingId, id));
      return { ...found, photoHash };
    },

    /** The public row of the listing (published or not) and its price history, oldest first. */
    async publicRow(id: number) {
      const [row] = await db.select().from(listings).where(eq(listings.fsboListingId, id));
      if (!row) return undefined;
      const history: ListingPriceEvent[] = await db
        .select()
        .from(listingPriceEvents)
        .where(eq(listingPriceEvents.listingId, row.id))
        .orderBy(asc(listingPriceEvents.at), asc(listingPriceEvents.id));
      return { row, history };
    },
  };
}

/** Changing a FSBO listing. */
function fsboListingWrites(db: Db) {
  return {
    /**
     * A change with what follows from it in the same transaction (the sale a sold listing
     * records) and the person's activity entry.
     */
    async updateWith(
      id: number,
      patch: ListingPatch,
      within: (tx: Tx, saved: FsboListing) => Promise<unknown>,
      audit?: (before: FsboListing, after: FsboListing) => NewAuditEntry,
    ): Promise<FsboListing> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(fsboListings)
          .where(eq(fsboListings.id, id))
          .for('update');
        if (!before) throw new Error('The FSBO listing is gone.');
        const [saved] = await tx
          .update(fsboListings)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(fsboListings.id, id))
          .returning();
        if (!saved) throw new Error('The FSBO listing is gone.');
        await within(tx, saved);
        if (audit) await tx.insert(auditLog).values(audit(before, saved));
        return saved;
      });
    },

    async update(id: number, patch: ListingPatch): Promise<FsboListing> {
      const [row] = await db
        .update(fsboListings)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(fsboListings.id, id))
        .returning();
      if (!row) throw new Error('The FSBO listing is gone.');
      return row;
    },
  };
}

export function createFsboListingRepository(db: Db) {
  return { ...fsboListingReads(db), ...fsboListingWrites(db) };
}
export type FsboListingRepository = ReturnType<typeof createFsboListingRepository>;
