import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  PHOTO_SHOOT_API,
  PHOTO_SHOOT_MAX_PHOTOS,
  PHOTO_SHOOT_TEXTS,
  type TListingPhoto,
  type TPhotoUploadResult,
  WORK_ORDER_API,
  WORK_ORDER_TEXTS,
  withoutControlCharacters,
} from '@lantern/contracts';
import { afterCommit, type Commit, type ListingPhoto, type NewAuditEntry } from '@lantern/db';
import {
  FSBO_LISTING_API,
  MLS_LISTING_API,
  PHOTO_LIMITS,
  PHOTO_SIZES,
  PHOTO_TEXTS,
  type TPhotoSizeName,
  type TPhotoType,
} from '@lantern/domain';
import type { JobRunner } from '../jobs/runner.ts';
import type { FileStorage } from '../storage/index.ts';
import { Refused, storeCheckedPhoto } from './checked-store.ts';
import { limiter } from './limiter.ts';
import type { ListingPhotoRepository, PhotoCopy, PhotoOwner } from './listing-photos.repository.ts';
import { renderPhoto } from './render.ts';

/** Hourly: draft listings of cancelled orders go, files and all. */
export const DISCARD_DRAFTS_JOB = 'listing.discard-drafts';
const HOUR_MS = 3_600_000;

export const PHOTO_JOB = 'photo.process';
/** Photos processed at once by one instance (issue 16: two at a time). */
export const PROCESS_CONCURRENCY = 2;
/** How long a signed S3 link to a photo works. */
const SIGNED_URL_SECONDS = 10 * 60;
const SIZE_NAMES = Object.keys(PHOTO_SIZES) as TPhotoSizeName[];

/** How an upload's rows are committed: a route passes `request.commit` (decision 068). */
export interface UploadOptions {
  max?: number;
  commit: Commit;
  /** Told the names of the files kept, inside the commit (a route describes its row). */
  onAdded?: (names: string[]) => void;
}

/** A part once read: a file in storage waiting for its row, or refused with a reason. */
type Received =
  | { name: string; stored: false; error: string }
  | { name: string; hash: string; key: string; bytes: number; type: TPhotoType };

interface AddedPhotos {
  results: (
    | { name: string; stored: false; error: string }
    | { name: string; stored: true; row: ListingPhoto }
  )[];
  unkept: string[];
}

/** A file part of an upload as the route hands it over. */
export interface IncomingFile {
  filename: string;
  file: Readable;
}

export {
  fsboPhotoOwner,
  mlsPhotoOwner,
  type PhotoOwner,
  shootPhotoOwner,
  workOrderPhotoOwner,
} from './listing-photos.repository.ts';

/**
 * Each owner's files under its own prefix: `listings/…` (MLS), `fsbo-listings/…` (FSBO),
 * `work-orders/…` (a work order's proof photos), `shoots/…` (a photography shoot).
 */
const PREFIX = {
  mls: 'listings',
  fsbo: 'fsbo-listings',
  work_order: 'work-orders',
  shoot: 'shoots',
} as const;
const listingPrefix = (owner: PhotoOwner) => `${PREFIX[owner.kind]}/${owner.hash}/`;
const originalKey = (owner: PhotoOwner, photoHash: string) =>
  `${listingPrefix(owner)}photos/${photoHash}/original`;
/** The dashboard's access-checked photo routes of each kind of listing. */
const PHOTO_PATHS = {
  mls: MLS_LISTING_API,
  fsbo: FSBO_LISTING_API,
  work_order: { photoFile: WORK_ORDER_API.photoFile },
  shoot: { photoFile: PHOTO_SHOOT_API.file },
} as const;
/** The photo job names its owner by one of these payload keys. */
const JOB_KEY = {
  mls: 'listingId',
  fsbo: 'fsboListingId',
  work_order: 'workOrderId',
  shoot: 'shootWorkOrderId',
} as const;
/** The sizes live beside the original. */
export const sizeKey = (storageKey: string, size: TPhotoSizeName) =>
  storageKey.replace(/\/original$/, `/${size}.jpg`);

/** The words for a full set: the listing's own, a shoot's, or a work order's smaller limit. */
const tooMany = (max: number) =>
  max === PHOTO_LIMITS.maxPhotos
    ? PHOTO_TEXTS.tooMany
    : max === PHOTO_SHOOT_MAX_PHOTOS
      ? PHOTO_SHOOT_TEXTS.tooMany
      : WORK_ORDER_TEXTS.tooManyPhotos(max);

type JobPayload = Partial<Record<(typeof JOB_KEY)[PhotoOwner['kind']], number>> & {
  photoIds: number[];
};

/** The owner a photo job names by its payload key. */
function jobOwner(payload: JobPayload): Pick<PhotoOwner, 'kind' | 'id'> {
  for (const kind of Object.keys(JOB_KEY) as PhotoOwner['kind'][]) {
    const id = payload[JOB_KEY[kind]];
    if (id !== undefined) return { kind, id };
  }
  throw new Error('a photo job names no owner');
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The name shown for a file: the browser's name, shortened, control characters out. */
function displayName(name: string): string {
  const clean = withoutControlCharacters(name).trim();
  return (clean || 'photo').slice(0, 255);
}

/** As the dashboard shows it: the file links go through the owner's access-checked route. */
function toView(owner: PhotoOwner, photo: ListingPhoto, propertyHash: string): TListingPhoto {
  const paths = PHOTO_PATHS[owner.kind];
  const q = `?property=${encodeURIComponent(propertyHash)}`;
  return {
    hash: photo.hash,
    position: photo.position,
    caption: photo.caption,
    status: photo.status,
    error: photo.error,
    fileName: photo.fileName,
    bytes: photo.bytes,
    width: photo.width,
    height: photo.height,
    urls:
      photo.status === 'ready'
        ? {
            thumb: paths.photoFile(photo.hash, 'thumb') + q,
            web: paths.photoFile(photo.hash, 'web') + q,
          }
        : null,
  };
}

export interface PhotoServiceDeps {
  repo: ListingPhotoRepository;
  storage: FileStorage;
  jobs: JobRunner;
}

async function receive({ repo, storage }: PhotoServiceDeps, owner: PhotoOwner, part: IncomingFile) {
  const hash = repo.newHash();
  const key = originalKey(owner, hash);
  const stored = await storeCheckedPhoto(storage, key, part);
  return 'error' in stored ? new Refused(stored.error) : { hash, key, ...stored };
}

/**
 * Copies of ready photos under `target`'s keys, original and sizes, with the rows to add for
 * them (ready: nothing is processed again). Nothing is left behind when a copy fails.
 */
async function copyFiles(
  { repo, storage }: PhotoServiceDeps,
  target: PhotoOwner,
  sources: readonly ListingPhoto[],
  userId: number,
) {
  const copies: PhotoCopy[] = [];
  const written: string[] = [];
  try {
    for (const source of sources) {
      const hash = repo.newHash();
      const key = originalKey(target, hash);
      for (const [from, to] of [
        [source.storageKey, key],
        ...SIZE_NAMES.map((size) => [sizeKey(source.storageKey, size), sizeKey(key, size)]),
      ] as const) {
        await storage.copy(from, to);
        written.push(to);
      }
      copies.push({
        hash,
        storageKey: key,
        uploadedBy: userId,
        fileName: source.fileName,
        contentType: source.contentType,
        bytes: source.bytes,
        width: source.width,
        height: source.height,
        caption: source.caption,
      });
    }
    return { copies, written };
  } catch (err) {
    await storage.delete(written);
    throw err;
  }
}

/** The files of photos whose rows are gone: the original and every size. */
async function deleteFiles(
  { storage }: PhotoServiceDeps,
  rows: readonly Pick<ListingPhoto, 'storageKey'>[],
): Promise<void> {
  await storage.delete(
    rows.flatMap((r) => [r.storageKey, ...SIZE_NAMES.map((s) => sizeKey(r.storageKey, s))]),
  );
}

/** Every part to storage in turn, counting against `max` (rows are added later). */
async function receiveAll(
  deps: PhotoServiceDeps,
  owner: PhotoOwner,
  parts: AsyncIterable<IncomingFile>,
  max: number,
) {
  const received: Received[] = [];
  let count = await deps.repo.countOf(owner);
  for await (const part of parts) {
    const name = displayName(part.filename);
    if (count >= max) {
      part.file.resume();
      await finished(part.file).catch(() => undefined);
      received.push({ name, stored: false, error: tooMany(max) });
      continue;
    }
    const got = await receive(deps, owner, part);
    if (got instanceof Refused) {
      received.push({ name, stored: false, error: got.text });
      continue;
    }
    count++;
    received.push({ name, ...got });
  }
  return received;
}

/**
 * The rows of received files, each within the limit (another request may have filled it
 * meanwhile), and the job that processes them. `unkept`: files to delete after the commit.
 */
async function addRows(
  { repo, jobs }: PhotoServiceDeps,

  owner: PhotoOwner,
  userId: number,
  received: readonly Received[],
  max: number,
): Promise<AddedPhotos> {
  const results: AddedPhotos['results'] = [];
  const unkept: string[] = [];
  const storedIds: number[] = [];
  for (const r of received) {
    if (!('key' in r)) {
      results.push(r);
      continue;
    }
    const row = await repo.addWithinLimit(
      owner,
      {
        hash: r.hash,
        uploadedBy: userId,
        fileName: r.name,
        contentType: r.type,
        bytes: r.bytes,
        storageKey: r.key,
      },
      max,
    );
    if (row === 'full') {
      unkept.push(r.key);
      results.push({ name: r.name, stored: false, error: tooMany(max) });
      continue;
    }
    storedIds.push(row.id);
    results.push({ name: r.name, stored: true, row });
  }
  if (storedIds.length) {
    await jobs.enqueue(PHOTO_JOB, { [JOB_KEY[owner.kind]]: owner.id, photoIds: storedIds });
  }
  return { results, unkept };
}

async function processOne({ repo, storage }: PhotoServiceDeps, photo: ListingPhoto): Promise<void> {
  const original = await storage.get(photo.storageKey);
  if (!original) return; // deleted meanwhile
  const rendered = await renderPhoto(await readAll(original), photo.contentType as TPhotoType);
  if (!rendered.ok) {
    // The MLS's minimum is the MLS's rule; an FSBO listing keeps the same one for its gallery.
    const tooSmall = photo.listingId === null ? PHOTO_TEXTS.tooSmallForPage : PHOTO_TEXTS.tooSmall;
    const error = rendered.reason === 'tooSmall' ? tooSmall : PHOTO_TEXTS.unreadable;
    await repo.setOutcome(photo.id, { status: 'refused', error, ...rendered });
    return;
  }
  const keys = SIZE_NAMES.map((size) => sizeKey(photo.storageKey, size));
  await Promise.all(
    SIZE_NAMES.map((size) =>
      storage.put(sizeKey(photo.storageKey, size), rendered.sizes[size], {
        contentType: 'image/jpeg',
      }),
    ),
  );
  const kept = await repo.setOutcome(photo.id, {
    status: 'ready',
    width: rendered.width,
    height: rendered.height,
  });
  if (!kept) await storage.delete(keys);
}

/** When a draft MLS listing is deleted: every file of it, then its photo rows. */
async function deleteListingFiles(
  { repo, storage }: PhotoServiceDeps,
  listingId: number,
): Promise<void> {
  const owner = await repo.ownerById('mls', listingId);
  if (!owner) return;
  await storage.deletePrefix(listingPrefix(owner));
  await repo.removeAll(owner);
}

type ProcessedHook = (owner: Pick<PhotoOwner, 'kind' | 'id'>) => Promise<void>;

/** The hourly discard of cancelled drafts, and the `photo.process` job. */
function definePhotoJobs(deps: PhotoServiceDeps, processedHooks: ProcessedHook[]) {
  const { repo, jobs } = deps;
  const limit = limiter(PROCESS_CONCURRENCY);
  // A draft whose order was cancelled is deleted with its files: files first, so a failure
  // leaves the row for the next run to find.
  jobs.define(DISCARD_DRAFTS_JOB, {
    handler: async () => {
      for (const listing of await repo.cancelledDrafts()) {
        await deleteListingFiles(deps, listing.id);
        await repo.deleteListing(listing.id);
      }
    },
    maxAttempts: 3,
    describe: () => 'Delete draft MLS listings of cancelled orders, with their photos',
  });
  jobs.schedule(DISCARD_DRAFTS_JOB, HOUR_MS);

  jobs.define(PHOTO_JOB, {
    handler: async (payload) => {
      // Every photo of the listing still waiting, not only this upload's: the dashboard sends one
      // request per file, and the runner runs one job at a time, so this is how two photos are
      // processed at once. A later job finds its photos done and has nothing left to do.
      // An MLS listing's job names `listingId` (as before FSBO listings had photos), an FSBO
      // listing's `fsboListingId`, and so on (JOB_KEY).
      const owner = jobOwner(payload as JobPayload);
      const waiting = await repo.waiting(owner, (payload as JobPayload).photoIds);
      const results = await Promise.allSettled(
        waiting.map((p) => limit(() => processOne(deps, p))),
      );
      if (waiting.length > 0) for (const hook of processedHooks) await hook(owner);
      const failed = results.find((r) => r.status === 'rejected');
      // Done ones are skipped on the retry (only `processing` rows are taken up).
      if (failed) throw failed.reason;
    },
    maxAttempts: 5,
    retryBaseMs: 10_000,
    describe: (payload) =>
      `Make the web sizes of ${(payload as { photoIds?: unknown[] }).photoIds?.length ?? 0} listing photo(s)`,
  });
}

/** Uploads: each part to storage, then the rows in the caller's commit; order and captions. */
function photoUploads(deps: PhotoServiceDeps, processedHooks: ProcessedHook[]) {
  const { repo, storage } = deps;
  return {
    /** Run `hook` after each job that processed photos, with their listing. */
    afterProcessing(hook: (owner: Pick<PhotoOwner, 'kind' | 'id'>) => Promise<void>): void {
      processedHooks.push(hook);
    },

    list: (owner: PhotoOwner) => repo.list(owner),

    /**
     * Store each file part as it arrives (never the whole request in memory), refusing a file
     * that is not a JPEG, PNG or HEIC by its first bytes, one over 15 MB, and any beyond the
     * listing's 50th photo (`max`: a work order's 8th). The files go to storage first, outside
     * any transaction; then `commit` adds their rows and queues their processing at once (a
     * route's commit writes its activity row with them). Files whose rows were not added are
     * deleted.
     */
    async upload(
      owner: PhotoOwner,
      propertyHash: string,
      userId: number,
      parts: AsyncIterable<IncomingFile>,
      { max = PHOTO_LIMITS.maxPhotos, commit, onAdded }: UploadOptions,
    ): Promise<TPhotoUploadResult[]> {
      const received = await receiveAll(deps, owner, parts, max);
      const keys = received.flatMap((r) => ('key' in r ? [r.key] : []));
      let added: AddedPhotos;
      try {
        added = await commit(async () => {
          const rows = await addRows(deps, owner, userId, received, max);
          onAdded?.(rows.results.flatMap((r) => (r.stored ? [r.name] : [])));
          return rows;
        });
      } catch (err) {
        await storage.delete(keys);
        throw err;
      }
      if (added.unkept.length) await storage.delete(added.unkept);
      return added.results.map((r) =>
        'row' in r ? { name: r.name, stored: true, photo: toView(owner, r.row, propertyHash) } : r,
      );
    },

    reorder: (owner: PhotoOwner, hashes: readonly string[]) => repo.reorder(owner, hashes),

    setCaption: (owner: PhotoOwner, hash: string, caption: string) =>
      repo.setCaption(owner, hash, caption),
  };
}

/** Removing and serving a photo's files. */
function photoFiles(deps: PhotoServiceDeps) {
  const { repo, storage } = deps;
  return {
    /**
     * Remove a photo; its files go once the removal commits (storage is an outside service, so
     * never inside the transaction). False when the listing has no such photo.
     */
    async remove(owner: PhotoOwner, hash: string): Promise<boolean> {
      const row = await repo.remove(owner, hash);
      if (!row) return false;
      await afterCommit(() => deleteFiles(deps, [row]));
      return true;
    },

    /**
     * A size of a ready photo, for a caller that has checked access: a signed, expiring link
     * (S3) or the bytes to stream (local). Null when there is no such photo or it is not ready.
     */
    async file(
      owner: PhotoOwner,
      hash: string,
      size: TPhotoSizeName,
    ): Promise<{ redirect: string } | { stream: Readable } | null> {
      const photo = await repo.find(owner, hash);
      if (photo?.status !== 'ready') return null;
      const key = sizeKey(photo.storageKey, size);
      const url = await storage.signedUrl(key, { expiresInSeconds: SIGNED_URL_SECONDS });
      if (url) return { redirect: url };
      const stream = await storage.get(key);
      return stream ? { stream } : null;
    },
  };
}

/** Copies of ready photos into another owner (a delivered shoot's into a listing). */
function photoCopies(deps: PhotoServiceDeps, processedHooks: ProcessedHook[]) {
  const { repo, storage } = deps;
  return {
    copyFiles: (target: PhotoOwner, sources: readonly ListingPhoto[], userId: number) =>
      copyFiles(deps, target, sources, userId),
    deleteFiles: (rows: readonly Pick<ListingPhoto, 'storageKey'>[]) => deleteFiles(deps, rows),

    /**
     * Copy ready photos (a delivered shoot's) to the end of a listing, in this order, within its
     * limit: the files are copied in storage — original and sizes, never processed again — then
     * the rows added at once with their activity row. `room` when they do not fit.
     */
    async copyInto(
      target: PhotoOwner,
      sources: readonly ListingPhoto[],
      userId: number,
      audit: NewAuditEntry,
      max: number = PHOTO_LIMITS.maxPhotos,
    ): Promise<ListingPhoto[] | { room: number }> {
      const room = max - (await repo.countOf(target));
      if (sources.length > room) return { room: Math.max(0, room) };
      const { copies, written } = await copyFiles(deps, target, sources, userId);
      try {
        const added = await repo.addCopies(target, copies, max, audit);
        if ('room' in added) await storage.delete(written);
        else for (const hook of processedHooks) await hook(target);
        return added;
      } catch (err) {
        await storage.delete(written);
        throw err;
      }
    },

    /** When a draft MLS listing is deleted: every file of it, then its photo rows. */
    deleteListingFiles: (listingId: number) => deleteListingFiles(deps, listingId),
  };
}

/**
 * The photos step (issue 16; docs/decisions/031-mls-listing-builder.md "Photos"): uploads
 * streamed to storage after a magic-byte and size check, the `photo.process` job that makes the
 * web sizes two at a time, order, captions, deleting, and serving files after the caller's
 * access check.
 */
export function createPhotoService(deps: PhotoServiceDeps) {
  /** Told when a job has processed photos of a listing (an FSBO listing's public row follows). */
  const processedHooks: ProcessedHook[] = [];
  definePhotoJobs(deps, processedHooks);
  return {
    toView,
    ...photoUploads(deps, processedHooks),
    ...photoFiles(deps),
    ...photoCopies(deps, processedHooks),
  };
}
export type PhotoService = ReturnType<typeof createPhotoService>;
