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
  const mls = (userId: number, where?: SQL) =>
    db
      .select({
        hash: mlsListings.hash,
        status: mlsListings.status,
        propertyHash: properties.hash,
        canEdit: propertyParticipants.canEdit,
        createdAt: mlsListings.createdAt,
        ...publicColumns,
      })
      .from(mlsListings)
      .innerJoin(properties, eq(properties.id, mlsListings.propertyId))
      .innerJoin(propertyParticipants, participantOf(userId))
      .leftJoin(listings, eq(listings.mlsListingId, mlsListings.id))
      .where(where);
  const fsbo = (userId: number, where?: SQL) =>
    db
      .select({
        hash: fsboListings.hash,
        status: fsboListings.status,
        propertyHash: properties.hash,
        canEdit: propertyParticipants.canEdit,
        createdAt: fsboListings.createdAt,
        ...publicColumns,
      })
      .from(fsboListings)
      .innerJoin(properties, eq(properties.id, fsboListings.propertyId))
      .innerJoin(propertyParticipants, participantOf(userId))
      .leftJoin(listings, eq(listings.fsboListingId, fsboListings.id))
      .where(where);

  return {
    /** Oldest first, the way the properties list reads. */
    async listForUser(userId: number): Promise<OwnerListingRow[]> {
      const [m, f] = await Promise.all([mls(userId), fsbo(userId)]);
      const rows = [...m.map((r) => toRow('mls', r)), ...f.map((r) => toRow('fsbo', r))];
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async findForUser(userId: number, hash: string): Promise<OwnerListingRow | undefined> {
      const [m] = await mls(userId, eq(mlsListings.hash, hash));
      if (m) return toRow('mls', m);
      const [f] = await fsbo(userId, eq(fsboListings.hash, hash));
      return f ? toRow('fsbo', f) : undefined;
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
