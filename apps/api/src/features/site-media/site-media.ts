import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  MESSAGES,
  type TAdminSiteMedia,
  type TPublicSiteMedia,
  ZSiteMediaUploadFieldsSchema,
} from '@lantern/contracts';
import { afterCommit, type Commit, type SiteMediaRow, type SiteMediaVariant } from '@lantern/db';
import {
  PHOTO_TEXTS,
  SITE_MEDIA_API,
  SITE_MEDIA_LIMITS,
  SITE_MEDIA_SIZES,
  SITE_MEDIA_TEXTS,
  type TPhotoType,
  type TSiteMediaKind,
  type TSiteMediaSizeName,
} from '@lantern/domain';
import sharp from 'sharp';
import { storeCheckedPhoto } from '../photos/checked-store.ts';
import { renderPhoto } from '../photos/render.ts';
import type { FileStorage } from '../storage/index.ts';
import type { SiteMediaChange, SiteMediaRepository } from './site-media.repository.ts';

/** A part of the upload request as the route hands it over: a text field or the file. */
export type SiteMediaPart =
  | { type: 'field'; name: string; value: unknown }
  | { type: 'file'; filename: string; file: Readable };

type Refusal = { ok: false; status: 409 | 422; message: string; errors: Record<string, string[]> };
export type UploadOutcome = { ok: true; row: SiteMediaRow } | Refusal;

const SIZE_NAMES = Object.keys(SITE_MEDIA_SIZES) as TSiteMediaSizeName[];
const originalKey = (hash: string) => `site-media/${hash}/original`;
const variantKey = (hash: string, size: TSiteMediaSizeName) => `site-media/${hash}/${size}.jpg`;
/** The original and every size. */
const keysOf = (row: Pick<SiteMediaRow, 'storageKey' | 'variants'>) => [
  row.storageKey,
  ...Object.values(row.variants).map((v) => v.key),
];

/** As staff see it in Admin → Site media. */
export function toAdminView(row: SiteMediaRow): TAdminSiteMedia {
  return {
    hash: row.hash,
    kind: row.kind,
    alt: row.alt,
    caption: row.caption,
    position: row.position,
    published: row.published,
    fileName: row.fileName,
    width: row.width,
    height: row.height,
    thumbUrl: SITE_MEDIA_API.file(row.hash, 'thumb'),
    createdAt: row.createdAt.toISOString(),
  };
}

/** As the public site shows it: every size's public URL, smallest first, for `srcset`. */
export function toPublicView(row: SiteMediaRow): TPublicSiteMedia {
  return {
    hash: row.hash,
    alt: row.alt,
    caption: row.caption,
    width: row.width,
    height: row.height,
    variants: SIZE_NAMES.flatMap((size) => {
      const v = row.variants[size];
      return v
        ? [{ url: SITE_MEDIA_API.publicFile(row.hash, size), width: v.width, height: v.height }]
        : [];
    }).sort((a, b) => a.width - b.width),
  };
}

/** The text fields checked, in the error shape of a 422. */
function readFields(fields: Record<string, unknown>) {
  const parsed = ZSiteMediaUploadFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'file');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return { errors };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface SiteMediaDeps {
  repo: SiteMediaRepository;
  storage: FileStorage;
}

type Received = { fields: Record<string, unknown> } & (
  | { stored: { bytes: number; type: TPhotoType; name: string } }
  | { error: string }
  | { none: true }
);

/** Every part read: fields kept, the first file stored under `hash` after the photo checks. */
async function receive(
  { storage }: SiteMediaDeps,
  hash: string,
  parts: AsyncIterable<SiteMediaPart>,
): Promise<Received> {
  const fields: Record<string, unknown> = {};
  let file: Received | null = null;
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.name] = part.value;
      continue;
    }
    if (file) {
      // One photo a request: a second one is read and dropped.
      part.file.resume();
      await finished(part.file).catch(() => undefined);
      if ('stored' in file) await storage.delete([originalKey(hash)]);
      file = { fields, error: SITE_MEDIA_TEXTS.oneFile };
      continue;
    }
    const got = await storeCheckedPhoto(storage, originalKey(hash), part);
    file =
      'error' in got
        ? { fields, error: got.error }
        : { fields, stored: { ...got, name: part.filename } };
  }
  return file ? { ...file, fields } : { fields, none: true };
}

/** The sizes of a stored original made and stored; their keys and pixel sizes. */
async function makeSizes({ storage }: SiteMediaDeps, hash: string, type: TPhotoType) {
  const original = await storage.get(originalKey(hash));
  if (!original) throw new Error('the stored original is gone');
  const rendered = await renderPhoto(await readAll(original), type, SITE_MEDIA_SIZES);
  if (!rendered.ok) return rendered;
  const variants = {} as Record<TSiteMediaSizeName, SiteMediaVariant>;
  for (const size of SIZE_NAMES) {
    const body = rendered.sizes[size];
    const meta = await sharp(body).metadata();
    const key = variantKey(hash, size);
    await storage.put(key, body, { contentType: 'image/jpeg' });
    variants[size] = { key, width: meta.width ?? 0, height: meta.height ?? 0 };
  }
  return { ...rendered, variants };
}

const refuse = (status: 409 | 422, message: string, field = 'file'): Refusal => ({
  ok: false,
  status,
  message,
  errors: { [field]: [message] },
});

/** The file and fields of one upload checked, its sizes made; what went wrong otherwise. */
async function prepare(deps: SiteMediaDeps, hash: string, parts: AsyncIterable<SiteMediaPart>) {
  const got = await receive(deps, hash, parts);
  const fields = readFields(got.fields);
  if ('none' in got) return refuse(422, SITE_MEDIA_TEXTS.noFile);
  if ('error' in got) return refuse(422, got.error);
  if ('errors' in fields) {
    await deps.storage.delete([originalKey(hash)]);
    const refusal: Refusal = {
      ok: false,
      status: 422,
      message: MESSAGES.validationFailed,
      errors: fields.errors,
    };
    return refusal;
  }
  const sized = await makeSizes(deps, hash, got.stored.type);
  if (!sized.ok) {
    await deps.storage.delete([originalKey(hash), ...SIZE_NAMES.map((s) => variantKey(hash, s))]);
    return refuse(
      422,
      sized.reason === 'tooSmall' ? SITE_MEDIA_TEXTS.tooSmall : PHOTO_TEXTS.unreadable,
    );
  }
  return { ok: true, fields, stored: got.stored, sized } as const;
}

/**
 * Site media (issue 45; docs/decisions/081-site-media.md): one photo an upload, stored and
 * checked as listing photos are (storeCheckedPhoto) and made into SITE_MEDIA_SIZES by the same
 * renderer (upright, no EXIF or GPS), in the request, so staff see a refusal at once.
 */
export function createSiteMedia(deps: SiteMediaDeps) {
  const { repo, storage } = deps;
  return {
    list: (kind: TSiteMediaKind) => repo.list(kind),
    published: async (kind: TSiteMediaKind) => (await repo.list(kind, true)).map(toPublicView),
    find: (hash: string) => repo.find(hash),

    /** Store, check and size one photo, then add its row in `commit` (with its activity row). */
    async upload(
      userId: number,
      parts: AsyncIterable<SiteMediaPart>,
      commit: Commit,
      onAdded: (row: SiteMediaRow) => void,
    ): Promise<UploadOutcome> {
      const hash = repo.newHash();
      const ready = await prepare(deps, hash, parts);
      if (!ready.ok) return ready;
      const { fields, stored, sized } = ready;
      const keys = [originalKey(hash), ...SIZE_NAMES.map((s) => variantKey(hash, s))];
      try {
        const row = await commit(async () => {
          const added = await repo.add(
            {
              hash,
              kind: fields.kind,
              storageKey: originalKey(hash),
              variants: sized.variants,
              width: sized.width,
              height: sized.height,
              bytes: stored.bytes,
              fileName: stored.name.slice(0, 255) || 'photo',
              alt: fields.alt,
              caption: fields.caption,
              uploadedBy: userId,
            },
            SITE_MEDIA_LIMITS.maxPhotos,
          );
          if (added !== 'full') onAdded(added);
          return added;
        });
        if (row === 'full') {
          await storage.delete(keys);
          return refuse(409, SITE_MEDIA_TEXTS.tooMany);
        }
        return { ok: true, row };
      } catch (err) {
        await storage.delete(keys);
        throw err;
      }
    },

    update: (hash: string, change: SiteMediaChange) => repo.update(hash, change),
    move: (hash: string, direction: 'up' | 'down') => repo.move(hash, direction),

    /** Remove a photo; its files go once the removal commits. */
    async remove(hash: string): Promise<SiteMediaRow | undefined> {
      const row = await repo.remove(hash);
      if (row) await afterCommit(() => storage.delete(keysOf(row)));
      return row;
    },

    /** A size's file: a signed link (S3) or the bytes; null when there is none. */
    async file(
      row: SiteMediaRow,
      size: TSiteMediaSizeName,
    ): Promise<{ redirect: string } | { stream: Readable } | null> {
      const key = row.variants[size]?.key;
      if (!key) return null;
      const url = await storage.signedUrl(key, { expiresInSeconds: 10 * 60 });
      if (url) return { redirect: url };
      const stream = await storage.get(key);
      return stream ? { stream } : null;
    },
  };
}
export type SiteMedia = ReturnType<typeof createSiteMedia>;
