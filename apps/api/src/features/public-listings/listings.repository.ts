import {
  effectiveSort,
  type ListingPriceState,
  listingPriceEventsFor,
  listingSlug,
  parsePlace,
  storedSyndication,
  type TListingSort,
  type TListingsFilter,
  VIEW_STATUSES,
} from '@lantern/contracts';
import {
  type Db,
  fsboListings,
  type Listing,
  type ListingPhoto,
  type ListingPriceEvent,
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
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import { firstReadyPhotoHash, PROPERTY_PLACE } from './listing-source.repository.ts';

/** What the public row of an MLS listing is made from. */
export interface MlsListingSource {
  listing: MlsListing;
  property: {
    street: string;
    unit: string | null;
    city: string;
    state: string;
    zip: string;
    lat: number | null;
    lng: number | null;
  };
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
  | 'syndication'
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

/** The conditions of a list's filter: its view's statuses, published, and each filter given. */
function filterWhere(f: Omit<TListingsFilter, 'page' | 'sort'>): SQL | undefined {
  const where: (SQL | undefined)[] = [
    inArray(listings.status, [...VIEW_STATUSES[f.view]]),
    isNotNull(listings.publishedAt),
  ];
  const place = f.place ? parsePlace(f.place) : null;
  if (place && 'zip' in place) where.push(eq(listings.zipCode, place.zip));
  if (place && 'city' in place) {
    where.push(sql`lower(${listings.city}) = lower(${place.city})`);
    if (place.state) where.push(eq(listings.state, place.state));
  }
  if (f.minPrice !== undefined) where.push(gte(listings.price, f.minPrice));
  if (f.maxPrice !== undefined) where.push(lte(listings.price, f.maxPrice));
  if (f.beds !== undefined) where.push(gte(listings.bedrooms, f.beds));
  if (f.baths !== undefined) where.push(gte(listings.bathrooms, f.baths));
  if (f.type !== undefined) where.push(eq(listings.propertyType, f.type));
  // The box of "search this area": listings_published_position_idx's expression, as it is.
  if (f.area) {
    const { west, south, east, north } = f.area;
    where.push(
      sql`point(${listings.lng}, ${listings.lat}) <@ box(point(${west}::float8, ${south}::float8), point(${east}::float8, ${north}::float8))`,
    );
  }
  return and(...where);
}

/**
 * The order of each sort; the id last, so pages never overlap. Each reads one of the partial
 * indexes of migration 0021 as it is (nulls placement included), so a page is an index scan.
 */
function sortOrder(sort: TListingSort): SQL[] {
  switch (sort) {
    case 'price-asc':
      return [sql`${listings.price} asc nulls last`, sql`${listings.id} desc nulls last`];
    case 'price-desc':
      return [sql`${listings.price} desc nulls last`, sql`${listings.id} desc nulls last`];
    case 'sold':
      return [sql`${listings.closedAt} desc nulls last`, desc(listings.id)];
    default:
      return [desc(listings.listedAt), desc(listings.id)];
  }
}

/** Published listings: paged, their extras, the sitemap, one by hash. */
function publishedListings(db: Db) {
  return {
    /** One page of a view, filtered and sorted: an index scan of the sort's index. */
    publishedRows(filter: TListingsFilter, pageSize: number): Promise<Listing[]> {
      return db
        .select()
        .from(listings)
        .where(filterWhere(filter))
        .orderBy(...sortOrder(effectiveSort(filter.view, filter.sort)))
        .limit(pageSize)
        .offset((filter.page - 1) * pageSize);
    },

    /**
     * How many rows match a filter, counting no further than `cap + 1` (issue 46). The rows are
     * read in the view's default order so the count walks the same index as the page instead of
     * the whole table.
     */
    async countPublished(filter: Omit<TListingsFilter, 'page' | 'sort'>, cap: number) {
      const matches = db
        .select({ one: sql`1` })
        .from(listings)
        .where(filterWhere(filter))
        .orderBy(...sortOrder(effectiveSort(filter.view, undefined)))
        .limit(cap + 1)
        .as('matches');
      const [row] = await db.select({ n: count() }).from(matches);
      return row?.n ?? 0;
    },

    /** A published row's price history (oldest first) and its ready photos in gallery order. */
    async pageExtras(
      row: Listing,
    ): Promise<{ priceEvents: ListingPriceEvent[]; photos: ListingPhoto[] }> {
      const owner = row.mlsListingId
        ? eq(listingPhotos.listingId, row.mlsListingId)
        : row.fsboListingId
          ? eq(listingPhotos.fsboListingId, row.fsboListingId)
          : undefined;
      const [priceEvents, photos] = await Promise.all([
        db
          .select()
          .from(listingPriceEvents)
          .where(eq(listingPriceEvents.listingId, row.id))
          .orderBy(asc(listingPriceEvents.at), asc(listingPriceEvents.id)),
        owner
          ? db
              .select()
              .from(listingPhotos)
              .where(and(owner, eq(listingPhotos.status, 'ready')))
              .orderBy(asc(listingPhotos.position), asc(listingPhotos.id))
          : Promise.resolve([]),
      ]);
      return { priceEvents, photos };
    },

    /** Every published listing's slug and last change, for the listings sitemap. */
    sitemapEntries: (limit: number) =>
      db
        .select({ slug: listings.slug, hash: listings.hash, updatedAt: listings.updatedAt })
        .from(listings)
        .where(isNotNull(listings.publishedAt))
        .orderBy(desc(listings.updatedAt), desc(listings.id))
        .limit(limit),

    /** A published row by its public id (the photo route). */
    async published(hash: string): Promise<Listing | undefined> {
      const [row] = await db
        .select()
        .from(listings)
        .where(and(eq(listings.hash, hash), isNotNull(listings.publishedAt)));
      return row;
    },
  };
}

/** A property's listings and the public state of their sources. */
function listingSources(db: Db) {
  return {
    /**
     * The public row of a property's listing (issue 22's tools): the most recently published of
     * its MLS and FSBO rows, a row taken down included (its leads stay the owner's).
     */
    async ofProperty(propertyId: number): Promise<Listing | undefined> {
      const [row] = await db
        .select({ listing: listings })
        .from(listings)
        .leftJoin(mlsListings, eq(mlsListings.id, listings.mlsListingId))
        .leftJoin(fsboListings, eq(fsboListings.id, listings.fsboListingId))
        .where(sql`coalesce(${mlsListings.propertyId}, ${fsboListings.propertyId}) = ${propertyId}`)
        .orderBy(
          sql`${listings.publishedAt} is null`,
          desc(listings.publishedAt),
          desc(listings.listedAt),
          desc(listings.id),
        )
        .limit(1);
      return row?.listing;
    },

    /**
     * What the public sees of an MLS or FSBO listing now (issue 25's `listing.status_changed`):
     * its status while published, and the property it belongs to.
     */
    async publicState(source: PublicListingSource) {
      const [row] =
        'mlsListingId' in source
          ? await db
              .select({ propertyId: mlsListings.propertyId })
              .from(mlsListings)
              .where(eq(mlsListings.id, source.mlsListingId))
          : await db
              .select({ propertyId: fsboListings.propertyId })
              .from(fsboListings)
              .where(eq(fsboListings.id, source.fsboListingId));
      if (!row) return undefined;
      const [pub] = await db.select().from(listings).where(sourceWhere(source));
      return {
        propertyId: row.propertyId,
        status: pub?.publishedAt ? pub.status : null,
        slug: pub?.slug ?? null,
      };
    },

    /** An MLS listing with what its public row shows. */
    async mlsSource(mlsListingId: number): Promise<MlsListingSource | undefined> {
      const [found] = await db
        .select({
          listing: mlsListings,
          property: PROPERTY_PLACE,
        })
        .from(mlsListings)
        .innerJoin(properties, eq(properties.id, mlsListings.propertyId))
        .where(eq(mlsListings.id, mlsListingId));
      if (!found) return undefined;
      const photoHash = await firstReadyPhotoHash(db, eq(listingPhotos.listingId, mlsListingId));
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
      return { ...found, photoHash, closed: sale ?? null };
    },
  };
}

/** The seller agreed that the listing may be shown beyond our site. */
const travels = (syndication: unknown) =>
  storedSyndication(syndication)?.InternetEntireListingDisplayYN === true;

/** Publishing and unpublishing a listing. */
function listingPublishing(db: Db) {
  return {
    /**
     * Publish (or update) the public row of an MLS or FSBO listing: made on its first publication
     * and kept in step after; its public id, slug and `listed_at` stay what they were. Each change
     * of price or status adds to the price history, in the same transaction.
     */
    async publish(source: PublicListingSource, row: PublishedListingRow): Promise<Listing> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(listings).where(sourceWhere(source)).for('update');
        const now = new Date();
        // Once a listing has gone to partners it stays in the RESO feed, as Withdrawn if need be.
        const syndicatedAt = before?.syndicatedAt ?? (travels(row.syndication) ? now : null);
        let saved: Listing | undefined;
        if (before) {
          [saved] = await tx
            .update(listings)
            .set({
              ...row,
              slug: before.slug ?? listingSlug(row, before.hash),
              publishedAt: before.publishedAt ?? now,
              syndicatedAt,
              updatedAt: now,
            })
            .where(eq(listings.id, before.id))
            .returning();
        } else {
          const hash = newHash();
          [saved] = await tx
            .insert(listings)
            .values({
              ...row,
              ...source,
              hash,
              slug: listingSlug(row, hash),
              publishedAt: now,
              syndicatedAt,
            })
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

/** Published listings (the public listing pages and GET /api/listings). */
export function createListingRepository(db: Db) {
  return { ...publishedListings(db), ...listingSources(db), ...listingPublishing(db) };
}
export type ListingRepository = ReturnType<typeof createListingRepository>;
