import {
  type ListingPriceState,
  listingPriceEventsFor,
  listingSlug,
  type TListingView,
  VIEW_STATUSES,
} from '@lantern/contracts';
import {
  type Db,
  type Listing,
  listingChangeRequests,
  listingPhotos,
  listingPriceEvents,
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

/** The fields of a public row that follow its MLS or FSBO listing. */
export type PublishedListingRow = Pick<
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
> &
  Partial<
    Pick<
      NewListing,
      | 'propertyType'
      | 'yearBuilt'
      | 'lat'
      | 'lng'
      | 'remarks'
      | 'features'
      | 'contactName'
      | 'contactEmail'
      | 'contactPhone'
    >
  >;
/** Which listing a public row shows. */
export type PublicListingSource = { mlsListingId: number } | { fsboListingId: number };
const sourceWhere = (source: PublicListingSource) =>
  'mlsListingId' in source
    ? eq(listings.mlsListingId, source.mlsListingId)
    : eq(listings.fsboListingId, source.fsboListingId);

const priceState = (row: Listing): ListingPriceState => ({
  status: row.status,
  price: row.price,
  published: row.publishedAt !== null,
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function addPriceEvents(
  tx: Tx,
  listingId: number,
  before: ListingPriceState | undefined,
  after: ListingPriceState,
): Promise<void> {
  const events = listingPriceEventsFor(before, after);
  if (events.length > 0) {
    await tx.insert(listingPriceEvents).values(events.map((e) => ({ ...e, listingId })));
  }
}

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
     * Publish (or update) the public row of an MLS or FSBO listing: made on its first publication
     * and kept in step after; its public id, slug and `listed_at` stay what they were. Each change
     * of price or status adds to the price history, in the same transaction.
     */
    async publish(source: PublicListingSource, row: PublishedListingRow): Promise<Listing> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(listings).where(sourceWhere(source)).for('update');
        const now = new Date();
        let saved: Listing | undefined;
        if (before) {
          [saved] = await tx
            .update(listings)
            .set({
              ...row,
              slug: before.slug ?? listingSlug(row, before.hash),
              publishedAt: before.publishedAt ?? now,
              updatedAt: now,
            })
            .where(eq(listings.id, before.id))
            .returning();
        } else {
          const hash = newHash();
          [saved] = await tx
            .insert(listings)
            .values({ ...row, ...source, hash, slug: listingSlug(row, hash), publishedAt: now })
            .returning();
        }
        if (!saved) throw new Error('The public listing row was not written.');
        await addPriceEvents(tx, saved.id, before && priceState(before), priceState(saved));
        return saved;
      });
    },

    /** Taken off the public pages (an MLS listing no longer live, an FSBO listing unpublished). */
    async unpublish(source: PublicListingSource): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(listings).where(sourceWhere(source)).for('update');
        if (!before?.publishedAt) return;
        await tx
          .update(listings)
          .set({ publishedAt: null, updatedAt: new Date() })
          .where(eq(listings.id, before.id));
        await addPriceEvents(tx, before.id, priceState(before), {
          ...priceState(before),
          published: false,
        });
      });
    },
  };
}
export type ListingRepository = ReturnType<typeof createListingRepository>;
