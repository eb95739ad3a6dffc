import {
  type Db,
  fsboListings,
  listingPhotos,
  listings,
  mlsListings,
  properties,
  propertyParticipants,
} from '@lantern/db';
import { and, eq, or, type SQL, sql } from 'drizzle-orm';

/** A listing of a property the user takes part in: MLS or FSBO, draft or published. */
export interface OwnerListingRow {
  kind: 'mls' | 'fsbo';
  hash: string;
  status: string;
  propertyHash: string;
  canEdit: boolean;
  createdAt: Date;
  publicListing: {
    hash: string;
    slug: string | null;
    status: string;
    publishedAt: Date | null;
  } | null;
}

const participantOf = (userId: number) =>
  and(eq(propertyParticipants.propertyId, properties.id), eq(propertyParticipants.userId, userId));

const publicColumns = {
  publicHash: listings.hash,
  slug: listings.slug,
  publicStatus: listings.status,
  publishedAt: listings.publishedAt,
};

type Selected = {
  hash: string;
  status: string;
  propertyHash: string;
  canEdit: boolean;
  createdAt: Date;
  publicHash: string | null;
  slug: string | null;
  publicStatus: string | null;
  publishedAt: Date | null;
};

function toRow(kind: OwnerListingRow['kind'], r: Selected): OwnerListingRow {
  const { publicHash, slug, publicStatus, publishedAt, ...rest } = r;
  const publicListing =
    publicHash && publicStatus
      ? { hash: publicHash, slug, status: publicStatus, publishedAt }
      : null;
  return { kind, ...rest, publicListing };
}

/**
 * The owner's listings for /api/v1/listings (issue 48): both kinds, read through the user's
 * participation in the property, so another person's listing is never found. A user has a
 * listing or two per property, so the list is read whole.
 */
export function createOwnerListingRepository(db: Db) {
  /** One kind's listings: the two tables share the columns read here. */
  const ofKind = (kind: OwnerListingRow['kind']) => {
    const [table, link] =
      kind === 'mls'
        ? [mlsListings, listings.mlsListingId]
        : [fsboListings, listings.fsboListingId];
    return async (userId: number, where?: SQL) =>
      (
        await db
          .select({
            hash: table.hash,
            status: table.status,
            propertyHash: properties.hash,
            canEdit: propertyParticipants.canEdit,
            createdAt: table.createdAt,
            ...publicColumns,
          })
          .from(table)
          .innerJoin(properties, eq(properties.id, table.propertyId))
          .innerJoin(propertyParticipants, participantOf(userId))
          .leftJoin(listings, eq(link, table.id))
          .where(where)
      ).map((r) => toRow(kind, r));
  };
  const mls = ofKind('mls');
  const fsbo = ofKind('fsbo');

  return {
    /** Oldest first, the way the properties list reads. */
    async listForUser(userId: number): Promise<OwnerListingRow[]> {
      const [m, f] = await Promise.all([mls(userId), fsbo(userId)]);
      return [...m, ...f].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async findForUser(userId: number, hash: string): Promise<OwnerListingRow | undefined> {
      const [m] = await mls(userId, eq(mlsListings.hash, hash));
      if (m) return m;
      const [f] = await fsbo(userId, eq(fsboListings.hash, hash));
      return f;
    },

    /** The listing a photo belongs to, when the user takes part in its property. */
    async photoListingFor(userId: number, photoHash: string): Promise<string | undefined> {
      const [row] = await db
        .select({ hash: sql<string>`coalesce(${mlsListings.hash}, ${fsboListings.hash})` })
        .from(listingPhotos)
        .leftJoin(mlsListings, eq(mlsListings.id, listingPhotos.listingId))
        .leftJoin(fsboListings, eq(fsboListings.id, listingPhotos.fsboListingId))
        .innerJoin(
          properties,
          or(eq(properties.id, mlsListings.propertyId), eq(properties.id, fsboListings.propertyId)),
        )
        .innerJoin(propertyParticipants, participantOf(userId))
        .where(eq(listingPhotos.hash, photoHash))
        .limit(1);
      return row?.hash;
    },
  };
}
export type OwnerListingRepository = ReturnType<typeof createOwnerListingRepository>;
