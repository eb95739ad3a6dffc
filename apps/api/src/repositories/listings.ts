import { type TListingView, VIEW_STATUSES } from '@lantern/contracts';
import {
  type Db,
  type Listing,
  listingChangeRequests,
  listingPhotos,
  listings,
  type MlsListing,
  mlsListings,
  type NewListing,
  newHash,
  properties,
} from '@lantern/db';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

/** What the public row of an MLS listing is made from. */
export interface MlsListingSource {
  listing: MlsListing;
  property: { street: string; unit: string | null; city: string; state: string; zip: string };
  /** The primary photo (first ready one), if any. */
  photoHash: string | null;
  /** The sale, from the completed change to Closed (its details keep price and date). */
  closed: { price: number | null; date: string | null } | null;
}

/** The fields of a public row that follow its MLS listing. */
export type MlsListingRow = Pick<
  NewListing,
  | 'status'
  | 'streetAddress'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'price'
  | 'bedrooms'
  | 'bathrooms'
  | 'squareFeet'
  | 'photoUrl'
  | 'photoHash'
  | 'closedAt'
>;

/** Published listings, newest first (the public listing pages). */
export function createListingRepository(db: Db) {
  return {
    async publishedPage(
      view: TListingView,
      page: number,
      pageSize: number,
    ): Promise<{ rows: Listing[]; total: number }> {
      const where = and(
        inArray(listings.status, [...VIEW_STATUSES[view]]),
        isNotNull(listings.publishedAt),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(listings)
          .where(where)
          .orderBy(
            desc(view === 'current' ? listings.listedAt : listings.closedAt),
            desc(listings.id),
          )
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(listings).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** A published row by its public id (the photo route). */
    async published(hash: string): Promise<Listing | undefined> {
      const [row] = await db
        .select()
        .from(listings)
        .where(and(eq(listings.hash, hash), isNotNull(listings.publishedAt)));
      return row;
    },

    /** An MLS listing with what its public row shows. */
    async mlsSource(mlsListingId: number): Promise<MlsListingSource | undefined> {
      const [found] = await db
        .select({
          listing: mlsListings,
          property: {
            street: properties.street,
            unit: properties.unit,
            city: properties.city,
            state: properties.state,
            zip: properties.zip,
          },
        })
        .from(mlsListings)
        .innerJoin(properties, eq(properties.id, mlsListings.propertyId))
        .where(eq(mlsListings.id, mlsListingId));
      if (!found) return undefined;
      const [photo] = await db
        .select({ hash: listingPhotos.hash })
        .from(listingPhotos)
        .where(and(eq(listingPhotos.listingId, mlsListingId), eq(listingPhotos.status, 'ready')))
        .orderBy(asc(listingPhotos.position), asc(listingPhotos.id))
        .limit(1);
      const [sale] = await db
        .select({
          price: sql<number | null>`(${listingChangeRequests.details}->>'ClosePrice')::int`,
          date: sql<string | null>`${listingChangeRequests.details}->>'CloseDate'`,
        })
        .from(listingChangeRequests)
        .where(
          and(
            eq(listingChangeRequests.listingId, mlsListingId),
            eq(listingChangeRequests.kind, 'status'),
            eq(listingChangeRequests.status, 'completed'),
            sql`${listingChangeRequests.details}->>'StandardStatus' = 'Closed'`,
          ),
        )
        .orderBy(desc(listingChangeRequests.decidedAt))
        .limit(1);
      return { ...found, photoHash: photo?.hash ?? null, closed: sale ?? null };
    },

    /**
     * The public row of an MLS listing, made on its first publication and kept in step after;
     * `listed_at` and the public id stay what they were.
     */
    async upsertForMls(mlsListingId: number, row: MlsListingRow): Promise<void> {
      const now = new Date();
      await db
        .insert(listings)
        .values({ ...row, hash: newHash(), mlsListingId, publishedAt: now })
        .onConflictDoUpdate({
          target: listings.mlsListingId,
          set: {
            ...row,
            publishedAt: sql`coalesce(${listings.publishedAt}, now())`,
            updatedAt: now,
          },
        });
    },

    /** Taken off the public pages (the MLS listing is no longer live). */
    async unpublishForMls(mlsListingId: number): Promise<void> {
      await db
        .update(listings)
        .set({ publishedAt: null, updatedAt: new Date() })
        .where(eq(listings.mlsListingId, mlsListingId));
    },
  };
}
export type ListingRepository = ReturnType<typeof createListingRepository>;
