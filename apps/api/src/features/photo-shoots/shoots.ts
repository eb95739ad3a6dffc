import type { Readable } from 'node:stream';
import {
  MESSAGES,
  PHOTO_SHOOT_LICENCE,
  PHOTO_SHOOT_MAX_PHOTOS,
  PHOTO_SHOOT_RULES,
  PHOTO_SHOOT_TEXTS,
  streetAddressUnit,
  type TPhotographyGallery,
  type TPhotoShoot,
  type TPhotoShootReviewRequest,
} from '@lantern/contracts';
import type { ListingPhoto, NewAuditEntry, PhotoShoot } from '@lantern/db';
import { dashboardHref } from '@lantern/domain';
import { archiveNames, zipStream } from '../../lib/zip-stream.ts';
import type { AuditEntryBase } from '../audit/audit-log.repository.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { MAIL_JOB } from '../mail/outbox.ts';
import { type BrandData, photoShootDelivered, photoShootReturned } from '../mail/templates.ts';
import {
  type IncomingFile,
  type PhotoOwner,
  type PhotoService,
  shootPhotoOwner,
  type UploadOptions,
} from '../photos/photos.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { FileStorage } from '../storage/index.ts';
import type { WorkOrderRow } from '../work-orders/work-orders.repository.ts';
import type { PhotoShootRepository, ShootMoveRefusal } from './photo-shoots.repository.ts';

export interface PhotoShootServiceDeps {
  repo: PhotoShootRepository;
  photos: Pick<PhotoService, 'upload' | 'list' | 'toView' | 'file' | 'remove' | 'copyInto'>;
  storage: Pick<FileStorage, 'get'>;
  jobs: Pick<JobRunner, 'enqueue'>;
  brand: BrandData;
}

/** The listing "Use in my listing" adds to, as the route found it for this user. */
export interface PhotoTarget {
  kind: 'mls' | 'fsbo';
  owner: PhotoOwner;
  /** Null when photos may be added now; else why not, in words. */
  refusal: string | null;
}

const UPLOADABLE = new Set(['uploading', 'returned']);

const refusal = (r: ShootMoveRefusal) =>
  r === 'notFound' ? refuse(404, MESSAGES.notFound) : refuse(409, PHOTO_SHOOT_TEXTS.locked);

const ready = (photos: ListingPhoto[]) => photos.filter((p) => p.status === 'ready');

function viewOf(
  deps: PhotoShootServiceDeps,
  row: WorkOrderRow,
  shoot: PhotoShoot | undefined,
  photos: ListingPhoto[],
) {
  const owner = shootPhotoOwner(row.wo);
  return {
    workOrder: row.wo.hash,
    status: shoot?.status ?? 'uploading',
    licenceAgreedAt: shoot?.licenceAgreedAt?.toISOString() ?? null,
    submittedAt: shoot?.submittedAt?.toISOString() ?? null,
    reviewedAt: shoot?.reviewedAt?.toISOString() ?? null,
    returnReason: shoot?.returnReason ?? null,
    photos: photos.map((p) => deps.photos.toView(owner, p, row.property.hash)),
  } satisfies TPhotoShoot;
}

async function view(deps: PhotoShootServiceDeps, row: WorkOrderRow): Promise<TPhotoShoot> {
  const [shoot, photos] = await Promise.all([
    deps.repo.get(row.wo.id),
    deps.photos.list(shootPhotoOwner(row.wo)),
  ]);
  return viewOf(deps, row, shoot, photos);
}

/** Whether the photographer may change the shoot's photos now, or why not. */
async function changeable(
  deps: PhotoShootServiceDeps,
  row: WorkOrderRow,
): Promise<Outcome<PhotoShoot>> {
  if (row.wo.kind !== 'photography') return refuse(404, MESSAGES.notFound);
  if (row.wo.state !== 'en_route' && row.wo.state !== 'done')
    return refuse(409, PHOTO_SHOOT_TEXTS.notNow);
  const shoot = await deps.repo.get(row.wo.id);
  if (!shoot?.licenceAgreedAt) return refuse(409, PHOTO_SHOOT_TEXTS.licenceNeeded);
  if (!UPLOADABLE.has(shoot.status)) return refuse(409, PHOTO_SHOOT_TEXTS.locked);
  return ok(shoot);
}

/** The property's delivered shoots, oldest first, with their ready photos. */
async function delivered(deps: PhotoShootServiceDeps, propertyId: number) {
  const shoots = await deps.repo.ofProperty(propertyId, ['approved']);
  return Promise.all(
    shoots.map(async ({ shoot, wo }) => ({
      wo,
      deliveredAt: shoot.reviewedAt ?? shoot.updatedAt,
      photos: ready(await deps.photos.list(shootPhotoOwner(wo))),
    })),
  );
}

const mail = (
  deps: PhotoShootServiceDeps,
  to: string,
  content: { subject: string; text: string; html: string },
) => deps.jobs.enqueue(MAIL_JOB, { to, ...content });

/** Staff approve (every rule checked) or send back with a reason; the other side is mailed. */
async function reviewShoot(
  deps: PhotoShootServiceDeps,
  row: WorkOrderRow,
  staffId: number,
  body: TPhotoShootReviewRequest,
  audit: AuditEntryBase,
) {
  if (row.wo.kind !== 'photography') return refuse(404, MESSAGES.notFound);
  const street = streetAddressUnit(row.property.street, row.property.unit);
  if (body.decision === 'approve') {
    const checked = new Set(body.rules);
    if (!PHOTO_SHOOT_RULES.every((r) => checked.has(r.key)))
      return refuse(422, PHOTO_SHOOT_TEXTS.rulesUnchecked, {
        rules: [PHOTO_SHOOT_TEXTS.rulesUnchecked],
      });
    const moved = await deps.repo.approve(row.wo, staffId, audit);
    if (typeof moved === 'string')
      return moved === 'notFound' ? refusal(moved) : refuse(409, PHOTO_SHOOT_TEXTS.notSubmitted);
    const photos = await deps.photos.list(shootPhotoOwner(row.wo));
    await mail(
      deps,
      row.customer.email,
      photoShootDelivered(deps.brand, {
        street,
        count: ready(photos).length,
        url: `${deps.brand.publicUrl}${dashboardHref('photography', row.property.hash)}`,
      }),
    );
    return ok(viewOf(deps, row, moved, photos));
  }
  const moved = await deps.repo.sendBack(row.wo, staffId, body.reason, audit);
  if (typeof moved === 'string')
    return moved === 'notFound' ? refusal(moved) : refuse(409, PHOTO_SHOOT_TEXTS.notSubmitted);
  if (row.assignee)
    await mail(
      deps,
      row.assignee.email,
      photoShootReturned(deps.brand, {
        street,
        reason: body.reason,
        url: `${deps.brand.publicUrl}/vendor/work-orders`,
      }),
    );
  return ok(await view(deps, row));
}

/** The photographer's side: the licence, the photos, and submitting them for review. */
function shootWork(deps: PhotoShootServiceDeps) {
  return {
    async agree(row: WorkOrderRow, userId: number, audit: AuditEntryBase) {
      if (row.wo.kind !== 'photography') return refuse(404, MESSAGES.notFound);
      await deps.repo.agreeLicence(row.wo, userId, PHOTO_SHOOT_LICENCE, audit);
      return ok(await view(deps, row));
    },

    async upload(
      row: WorkOrderRow,
      userId: number,
      parts: AsyncIterable<IncomingFile>,
      options: Omit<UploadOptions, 'max'>,
    ) {
      const can = await changeable(deps, row);
      if (!can.ok) {
        // The request's files are read and dropped, so the refusal reaches the browser.
        for await (const part of parts) part.file.resume();
        return can;
      }
      const owner = shootPhotoOwner(row.wo);
      const files = await deps.photos.upload(owner, row.property.hash, userId, parts, {
        ...options,
        max: PHOTO_SHOOT_MAX_PHOTOS,
      });
      return ok({ files, shoot: await view(deps, row) });
    },

    async removePhoto(row: WorkOrderRow, photoHash: string) {
      const can = await changeable(deps, row);
      if (!can.ok) return can;
      const removed = await deps.photos.remove(shootPhotoOwner(row.wo), photoHash);
      return removed ? ok(await view(deps, row)) : refuse(404, MESSAGES.notFound);
    },

    async submit(row: WorkOrderRow, audit: AuditEntryBase) {
      const can = await changeable(deps, row);
      if (!can.ok) return can;
      const photos = await deps.photos.list(shootPhotoOwner(row.wo));
      if (photos.length === 0) return refuse(409, PHOTO_SHOOT_TEXTS.empty);
      if (photos.some((p) => p.status !== 'ready'))
        return refuse(409, PHOTO_SHOOT_TEXTS.processing);
      const moved = await deps.repo.submit(row.wo, audit);
      return typeof moved === 'string' ? refusal(moved) : ok(viewOf(deps, row, moved, photos));
    },
  };
}

/** The customer's side: the delivered gallery, its files and ZIP, and the copy into a listing. */
function shootDelivery(deps: PhotoShootServiceDeps) {
  return {
    delivered: (propertyId: number) => delivered(deps, propertyId),

    async gallery(
      propertyId: number,
      propertyHash: string,
      target: (PhotoTarget & { room: number }) | null,
    ): Promise<TPhotographyGallery> {
      const [shoots, waiting] = await Promise.all([
        delivered(deps, propertyId),
        deps.repo.ofProperty(propertyId, ['submitted']),
      ]);
      return {
        shoots: shoots.map((s) => ({
          workOrder: s.wo.hash,
          deliveredAt: s.deliveredAt.toISOString(),
          photos: s.photos.map((p) => deps.photos.toView(shootPhotoOwner(s.wo), p, propertyHash)),
        })),
        target: target
          ? { kind: target.kind, editable: target.refusal === null, room: target.room }
          : null,
        inReview: waiting.length > 0,
      };
    },

    /** A shoot photo's size (as the listing photos serve them) or its original, to download. */
    async file(
      wo: { id: number; hash: string },
      photo: ListingPhoto,
      size: 'thumb' | 'web' | 'original',
    ): Promise<{ redirect: string } | { stream: Readable } | null> {
      if (size !== 'original') return deps.photos.file(shootPhotoOwner(wo), photo.hash, size);
      if (photo.status !== 'ready') return null;
      const stream = await deps.storage.get(photo.storageKey);
      return stream ? { stream } : null;
    },

    /** Every delivered photo of the property as one ZIP, originals in gallery order. */
    async zip(propertyId: number): Promise<Readable | null> {
      const photos = (await delivered(deps, propertyId)).flatMap((s) => s.photos);
      if (photos.length === 0) return null;
      const names = archiveNames(photos.map((p) => p.fileName));
      return zipStream(
        photos.map((p, i) => ({
          name: names[i] as string,
          open: () => deps.storage.get(p.storageKey),
        })),
      );
    },

    /** "Use in my listing": the chosen delivered photos copied to the listing, in this order. */
    async use(
      propertyId: number,
      hashes: readonly string[],
      target: PhotoTarget,
      userId: number,
      audit: NewAuditEntry,
    ): Promise<Outcome<{ added: number; message: string }>> {
      if (target.refusal) return refuse(409, target.refusal);
      const byHash = new Map(
        (await delivered(deps, propertyId)).flatMap((s) => s.photos).map((p) => [p.hash, p]),
      );
      const chosen = [...new Set(hashes)].map((h) => byHash.get(h));
      if (chosen.some((p) => !p)) return refuse(404, MESSAGES.notFound);
      const added = await deps.photos.copyInto(
        target.owner,
        chosen as ListingPhoto[],
        userId,
        audit,
      );
      if ('room' in added)
        return refuse(409, PHOTO_SHOOT_TEXTS.listingFull(added.room), {
          photos: [PHOTO_SHOOT_TEXTS.listingFull(added.room)],
        });
      return ok({ added: added.length, message: PHOTO_SHOOT_TEXTS.added(added.length) });
    },
  };
}

/**
 * A photography shoot from the photographer's upload to the customer's listing (issue 39;
 * docs/decisions/064): the licence agreed, up to 150 photos through the listing photos'
 * pipeline, staff's review against the MLS photo rules, then the gallery, its ZIP and the copy
 * into the listing.
 */
export function createPhotoShootService(deps: PhotoShootServiceDeps) {
  return {
    view: (row: WorkOrderRow) => view(deps, row),
    ...shootWork(deps),
    /** Staff approve (every rule checked) or send back with a reason; the other side is mailed. */
    review: (
      row: WorkOrderRow,
      staffId: number,
      body: TPhotoShootReviewRequest,
      audit: AuditEntryBase,
    ) => reviewShoot(deps, row, staffId, body, audit),
    ...shootDelivery(deps),
  };
}
export type PhotoShootService = ReturnType<typeof createPhotoShootService>;
