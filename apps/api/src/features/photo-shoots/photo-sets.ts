import type { Readable } from 'node:stream';
import type { TListingPhoto } from '@lantern/contracts';
import type { ListingPhoto, Tx } from '@lantern/db';
import type {
  ListingPhotoRepository,
  PhotoCopy,
  PhotoOwner,
} from '../photos/listing-photos.repository.ts';
import { mlsPhotoOwner, type PhotoService, shootPhotoOwner } from '../photos/photos.ts';
import type { FileStorage } from '../storage/index.ts';
import type { PhotoShootService } from './shoots.ts';

export interface PhotoSetDeps {
  photos: Pick<PhotoService, 'list' | 'toView' | 'copyFiles' | 'deleteFiles' | 'file'>;
  storage: Pick<FileStorage, 'get'>;
  repo: Pick<ListingPhotoRepository, 'replaceSet'>;
  shoots: Pick<PhotoShootService, 'delivered'>;
}

/** A chosen photo: the listing's own, or one delivered to the property by a shoot. */
export interface ChosenPhoto {
  photo: ListingPhoto;
  own: boolean;
  /** Whose photo it is now: the listing, or the shoot that delivered it. */
  owner: PhotoOwner;
}

/** A set ready to be given to the listing: apply it in the change's transaction, then settle. */
export interface PreparedSet {
  apply(tx: Tx): Promise<void>;
  /** After the commit: the removed photos' files go. */
  committed(): Promise<void>;
  /** The transaction did not commit: the copies go, the listing is as it was. */
  abandoned(): Promise<void>;
}

/**
 * The photos a live MLS listing should have, as its owners choose them in a photo change
 * (issue 39; docs/decisions/064): its own ready photos and photographs delivered to the
 * property, in order. Staff carrying the change out give the listing exactly that set.
 */
export function createPhotoSets(deps: PhotoSetDeps) {
  /** The chosen photos in order, or null when one is neither the listing's nor delivered. */
  async function resolve(
    listing: { id: number; hash: string },
    propertyId: number,
    hashes: readonly string[],
  ): Promise<ChosenPhoto[] | null> {
    const listingOwner = mlsPhotoOwner(listing);
    const own = (await deps.photos.list(listingOwner)).filter((p) => p.status === 'ready');
    const delivered = (await deps.shoots.delivered(propertyId)).flatMap((s) =>
      s.photos.map((photo) => ({ photo, owner: shootPhotoOwner(s.wo) })),
    );
    const byHash = new Map<string, ChosenPhoto>([
      ...delivered.map((d) => [d.photo.hash, { ...d, own: false }] as const),
      ...own.map((p) => [p.hash, { photo: p, own: true, owner: listingOwner }] as const),
    ]);
    const chosen = [...new Set(hashes)].map((h) => byHash.get(h));
    return chosen.every((c) => c !== undefined) ? (chosen as ChosenPhoto[]) : null;
  }

  return {
    resolve,

    /** A size or the original of one photo of a change's chosen set, for staff sending it on. */
    async file(
      listing: { id: number; hash: string },
      propertyId: number,
      set: readonly string[],
      hash: string,
      size: 'thumb' | 'web' | 'original',
    ): Promise<{ photo: ListingPhoto; file: { redirect: string } | { stream: Readable } } | null> {
      if (!set.includes(hash)) return null;
      const [chosen] = (await resolve(listing, propertyId, [hash])) ?? [];
      if (!chosen) return null;
      if (size !== 'original') {
        const file = await deps.photos.file(chosen.owner, hash, size);
        return file && { photo: chosen.photo, file };
      }
      const stream = await deps.storage.get(chosen.photo.storageKey);
      return stream && { photo: chosen.photo, file: { stream } };
    },

    /** The listing's photos as the owners' Manage page shows them: the set on the MLS. */
    async onMls(listing: { id: number; hash: string }, propertyHash: string) {
      const owner = mlsPhotoOwner(listing);
      return (await deps.photos.list(owner))
        .filter((p) => p.status === 'ready')
        .map((p): TListingPhoto => deps.photos.toView(owner, p, propertyHash));
    },

    /**
     * Copy the delivered photos of the set under the listing's keys and return how to give it
     * the set; null when a photo is no longer the listing's or delivered.
     */
    async prepare(
      listing: { id: number; hash: string },
      propertyId: number,
      hashes: readonly string[],
      userId: number,
    ): Promise<PreparedSet | null> {
      const chosen = await resolve(listing, propertyId, hashes);
      if (!chosen) return null;
      const owner: PhotoOwner = mlsPhotoOwner(listing);
      const delivered = chosen.filter((c) => !c.own).map((c) => c.photo);
      const { copies } = await deps.photos.copyFiles(owner, delivered, userId);
      const copyOf = new Map<string, PhotoCopy>(
        delivered.map((p, i) => [p.hash, copies[i] as PhotoCopy]),
      );
      let removed: ListingPhoto[] = [];
      return {
        async apply(tx) {
          removed = await deps.repo.replaceSet(
            tx,
            owner,
            chosen.map((c) =>
              c.own ? { keep: c.photo.hash } : { add: copyOf.get(c.photo.hash) as PhotoCopy },
            ),
          );
        },
        committed: () => deps.photos.deleteFiles(removed),
        abandoned: () => deps.photos.deleteFiles(copies),
      };
    },
  };
}
export type PhotoSets = ReturnType<typeof createPhotoSets>;
