import multipart from '@fastify/multipart';
import {
  MESSAGES,
  PHOTO_ORDER_TEXTS,
  ZErrorResponseSchema,
  ZListingPhotosResponseSchema,
  ZPhotoCaptionRequestSchema,
  ZPhotoFileParamsSchema,
  ZPhotoOrderRequestSchema,
  ZPhotoParamsSchema,
  ZPhotoUploadResponseSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import { PHOTO_LIMITS } from '@lantern/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IncomingFile, PhotoOwner } from '../../features/photos/photos.ts';
import { API_PREFIX, isV1 } from '../../lib/api-version.ts';
import { sendPhotoSize } from './photo-file.ts';
import { FILE_ERRORS } from './replies.ts';
import type { ZodApp } from './zod-app.ts';

/** What a listing's photo routes may refuse: see PhotoRoutesOptions.open. */
export const PHOTO_ERRORS = {
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
} as const;

/** The listing whose photos a request reaches, after the caller's access check. */
export interface PhotoRouteContext {
  owner: PhotoOwner;
  canEdit: boolean;
  propertyHash: string;
  /** Called after a change (order, caption, delete): a published listing's public row follows. */
  changed?: () => Promise<void>;
}

export interface PhotoRoutesOptions {
  /** The OpenAPI tag of the routes. */
  tag: string;
  /**
   * The user's listing, or null with the reply already sent (404 not theirs, and for a change
   * whatever the listing's rules refuse: 403 without can_edit, 409 when photos may not change).
   */
  open: (
    userId: number,
    propertyHash: string,
    reply: FastifyReply,
    write: boolean,
  ) => Promise<PhotoRouteContext | null>;
  /** Each route's config: under /api/vendor the access it needs (the concierge's, decision 065). */
  config?: { access: { vendor: readonly ['concierge'] } };
  /** The file URL of a photo's size when not the owner kind's own (the concierge's routes). */
  fileUrl?: (photoHash: string, size: 'thumb' | 'web', propertyHash: string) => string;
}

/**
 * A listing's photo routes (issue 16, shared with the FSBO listing in issue 19): `/photos` list
 * and upload, `/photos/order`, `/photos/:hash/caption`, delete, and `/photos/:hash/:size` files.
 * Register inside the listing's folder with the listing's `open`.
 */
export function photoRoutes(options: PhotoRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    await registerPhotoMultipart(app);
    registerListAndUpload(app, options);
    registerEdits(app, options);
    registerFiles(app, options);
  };
}

/** Multipart uploads of photos, in the registering plugin only. */
export async function registerPhotoMultipart(app: ZodApp) {
  await app.register(multipart, {
    // One byte over the limit is enough to know a file is too large; the rest is skipped.
    limits: {
      fileSize: PHOTO_LIMITS.maxBytes + 1,
      files: PHOTO_LIMITS.maxPhotos * 2,
      fields: 5,
      fieldSize: 1024,
    },
    throwFileSizeLimit: false,
  });
}

type FileUrl = PhotoRoutesOptions['fileUrl'];

/** Where /api/v1 answers a photo's size: a token may read it (issue 48). */
export const v1PhotoUrl = (photoHash: string, size: 'thumb' | 'web') =>
  `${API_PREFIX}/photos/${encodeURIComponent(photoHash)}/${size}`;

/**
 * The file URLs of an answer: the caller's own (the concierge's), else under /api/v1 the
 * photo's v1 path, since a token cannot read the dashboard's.
 */
const fileUrlFor = (options: PhotoRoutesOptions, request: FastifyRequest): FileUrl =>
  options.fileUrl ?? (isV1(request.raw) ? v1PhotoUrl : undefined);

/** The listing's photos with their URLs (the caller's own file URLs when given). */
export async function listReply(app: ZodApp, fileUrl: FileUrl, ctx: PhotoRouteContext) {
  const rows = await app.photos.list(ctx.owner);
  return {
    photos: rows.map((p) => {
      const view = app.photos.toView(ctx.owner, p, ctx.propertyHash);
      if (!fileUrl || !view.urls) return view;
      const urls = {
        thumb: fileUrl(p.hash, 'thumb', ctx.propertyHash),
        web: fileUrl(p.hash, 'web', ctx.propertyHash),
      };
      return { ...view, urls };
    }),
    can_edit: ctx.canEdit,
  };
}

/** Stores each `files` part of a multipart upload: each answered stored or refused. */
export async function uploadPhotos(
  app: ZodApp,
  request: FastifyRequest,
  ctx: PhotoRouteContext,
  fileUrl: FileUrl,
) {
  const files = async function* (): AsyncGenerator<IncomingFile> {
    for await (const part of request.parts()) {
      if (part.type === 'file') yield { filename: part.filename, file: part.file };
    }
  };
  const userId = request.user.userId;
  const results = await app.photos.upload(ctx.owner, ctx.propertyHash, userId, files(), {
    commit: request.commit,
  });
  const { photos } = await listReply(app, fileUrl, ctx);
  const byHash = new Map(photos.map((p) => [p.hash, p]));
  // A stored file's view carries the same URLs as the list's.
  const named = results.map((r) =>
    r.stored ? { ...r, photo: byHash.get(r.photo.hash) ?? r.photo } : r,
  );
  return { files: named, photos };
}

/** A change made: a published listing's public row follows, then the photos as they are now. */
async function afterChange(app: ZodApp, fileUrl: FileUrl, ctx: PhotoRouteContext) {
  await ctx.changed?.();
  return listReply(app, fileUrl, ctx);
}

/** Puts the photos in this order; null (422 sent) when it is not exactly the listing's photos. */
export async function reorderPhotos(
  app: ZodApp,
  reply: FastifyReply,
  ctx: PhotoRouteContext,
  photos: string[],
  fileUrl: FileUrl,
) {
  if (!(await app.photos.reorder(ctx.owner, photos))) {
    await reply.code(422).send({ message: PHOTO_ORDER_TEXTS.mismatch });
    return null;
  }
  return afterChange(app, fileUrl, ctx);
}

/** Changes one photo's caption; null (404 sent) when the listing has no such photo. */
export async function captionPhoto(
  app: ZodApp,
  reply: FastifyReply,
  ctx: PhotoRouteContext,
  change: { hash: string; caption: string },
  fileUrl: FileUrl,
) {
  if (!(await app.photos.setCaption(ctx.owner, change.hash, change.caption))) {
    await reply.code(404).send({ message: MESSAGES.notFound });
    return null;
  }
  return afterChange(app, fileUrl, ctx);
}

/** Deletes one photo and its files; null (404 sent) when the listing has no such photo. */
export async function removePhoto(
  app: ZodApp,
  reply: FastifyReply,
  ctx: PhotoRouteContext,
  hash: string,
  fileUrl: FileUrl,
) {
  if (!(await app.photos.remove(ctx.owner, hash))) {
    await reply.code(404).send({ message: MESSAGES.notFound });
    return null;
  }
  return afterChange(app, fileUrl, ctx);
}

/** A size of a ready photo: streamed (local storage) or a redirect to a signed URL (S3). */
export async function sendListingPhotoSize(
  app: ZodApp,
  reply: FastifyReply,
  ctx: PhotoRouteContext,
  photo: { hash: string; size: 'thumb' | 'web' },
) {
  const file = await app.photos.file(ctx.owner, photo.hash, photo.size);
  if (!file) return reply.code(404).send({ message: MESSAGES.notFound });
  return sendPhotoSize(reply, file);
}

/** The photos and uploading more. */
function registerListAndUpload(app: ZodApp, options: PhotoRoutesOptions) {
  const { tag, open, config } = options;

  app.get(
    '/photos',
    {
      ...(config ? { config } : {}),
      schema: {
        tags: [tag],
        summary: "The listing's photos in order (the first is the primary one)",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZListingPhotosResponseSchema, ...PHOTO_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await open(request.user.userId, request.query.property, reply, false);
      if (!ctx) return reply;
      return listReply(app, fileUrlFor(options, request), ctx);
    },
  );

  app.post(
    '/photos',
    {
      config: { ...config, audit: { outside: true } },
      schema: {
        tags: [tag],
        summary: 'Upload photos (multipart, `files` parts); each answered stored or refused',
        querystring: ZPropertyQuerySchema,
        response: { 200: ZPhotoUploadResponseSchema, ...PHOTO_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await open(request.user.userId, request.query.property, reply, true);
      if (!ctx) return reply;
      return uploadPhotos(app, request, ctx, fileUrlFor(options, request));
    },
  );
}

/** Order, caption and delete photos. */
function registerEdits(app: ZodApp, options: PhotoRoutesOptions) {
  const { tag, open, config } = options;

  app.put(
    '/photos/order',
    {
      ...(config ? { config } : {}),
      schema: {
        tags: [tag],
        summary: 'Put the photos in this order (every hash, the primary photo first)',
        body: ZPhotoOrderRequestSchema,
        response: { 200: ZListingPhotosResponseSchema, 422: ZErrorResponseSchema, ...PHOTO_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await open(request.user.userId, request.body.property, reply, true);
      if (!ctx) return reply;
      return (
        (await reorderPhotos(app, reply, ctx, request.body.photos, fileUrlFor(options, request))) ??
        reply
      );
    },
  );

  app.put(
    '/photos/:hash/caption',
    {
      ...(config ? { config } : {}),
      schema: {
        tags: [tag],
        summary: "Change a photo's caption",
        params: ZPhotoParamsSchema,
        body: ZPhotoCaptionRequestSchema,
        response: { 200: ZListingPhotosResponseSchema, ...PHOTO_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await open(request.user.userId, request.body.property, reply, true);
      if (!ctx) return reply;
      const change = { hash: request.params.hash, caption: request.body.caption };
      return (await captionPhoto(app, reply, ctx, change, fileUrlFor(options, request))) ?? reply;
    },
  );

  app.delete(
    '/photos/:hash',
    {
      ...(config ? { config } : {}),
      schema: {
        tags: [tag],
        summary: 'Delete a photo and its files',
        params: ZPhotoParamsSchema,
        querystring: ZPropertyQuerySchema,
        response: { 200: ZListingPhotosResponseSchema, ...PHOTO_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await open(request.user.userId, request.query.property, reply, true);
      if (!ctx) return reply;
      return (
        (await removePhoto(app, reply, ctx, request.params.hash, fileUrlFor(options, request))) ??
        reply
      );
    },
  );
}

/** A photo's files. */
function registerFiles(app: ZodApp, options: PhotoRoutesOptions) {
  const { tag, open, config } = options;

  app.get(
    '/photos/:hash/:size',
    {
      ...(config ? { config } : {}),
      schema: {
        response: FILE_ERRORS,
        tags: [tag],
        summary:
          'A size of a ready photo: streamed (local storage) or a redirect to a signed URL (S3)',
        params: ZPhotoFileParamsSchema,
        querystring: ZPropertyQuerySchema,
      },
    },
    async (request, reply) => {
      const ctx = await open(request.user.userId, request.query.property, reply, false);
      if (!ctx) return reply;
      return sendListingPhotoSize(app, reply, ctx, request.params);
    },
  );
}
