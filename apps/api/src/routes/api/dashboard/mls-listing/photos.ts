import multipart from '@fastify/multipart';
import {
  MESSAGES,
  PHOTO_LIMITS,
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
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IncomingFile } from '../../../../services/photos/photos.ts';

const errors = {
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
} as const;

/**
 * The photos step of the MLS listing (issue 16): paths under /api/dashboard/mls-listing as
 * MLS_LISTING_API names them. Another user's property is a 404; a participant without can_edit
 * may read but not change (403).
 */
const photoRoutes: FastifyPluginAsyncZod = async (app) => {
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

  /**
   * The user's property's listing, or the reply already sent: 404 not theirs, 409 no listing
   * order; for a change also 403 without can_edit and 409 while an earlier step is not done.
   */
  async function listingFor(
    userId: number,
    propertyHash: string,
    reply: FastifyReply,
    write: boolean,
  ) {
    const opened = await app.mlsListingService.open(userId, propertyHash);
    const refused = !opened.ok
      ? opened
      : write
        ? app.mlsListingService.refuseWrite(opened.ctx, 'photos')
        : null;
    if (refused) {
      await reply.code(refused.status).send({ message: refused.message });
      return null;
    }
    if (!opened.ok) return null;
    const { ctx } = opened;
    return {
      listing: ctx.row.listing,
      canEdit: ctx.participant.canEdit,
      propertyHash: ctx.property.hash,
    };
  }

  async function listReply(
    ctx: NonNullable<Awaited<ReturnType<typeof listingFor>>>,
  ): Promise<{ photos: ReturnType<typeof app.photos.toView>[]; can_edit: boolean }> {
    const rows = await app.photos.list(ctx.listing);
    return {
      photos: rows.map((p) => app.photos.toView(p, ctx.propertyHash)),
      can_edit: ctx.canEdit,
    };
  }

  app.get(
    '/photos',
    {
      schema: {
        tags: ['mls-listing'],
        summary: "The listing's photos in order (the first is the primary one)",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZListingPhotosResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await listingFor(request.user.userId, request.query.property, reply, false);
      if (!ctx) return reply;
      return listReply(ctx);
    },
  );

  app.post(
    '/photos',
    {
      schema: {
        tags: ['mls-listing'],
        summary: 'Upload photos (multipart, `files` parts); each answered stored or refused',
        querystring: ZPropertyQuerySchema,
        response: { 200: ZPhotoUploadResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await listingFor(request.user.userId, request.query.property, reply, true);
      if (!ctx) return reply;
      const files = async function* (): AsyncGenerator<IncomingFile> {
        for await (const part of request.parts()) {
          if (part.type === 'file') yield { filename: part.filename, file: part.file };
        }
      };
      const results = await app.photos.upload(
        ctx.listing,
        ctx.propertyHash,
        request.user.userId,
        files(),
      );
      const { photos } = await listReply(ctx);
      return { files: results, photos };
    },
  );

  app.put(
    '/photos/order',
    {
      schema: {
        tags: ['mls-listing'],
        summary: 'Put the photos in this order (every hash, the primary photo first)',
        body: ZPhotoOrderRequestSchema,
        response: { 200: ZListingPhotosResponseSchema, 422: ZErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await listingFor(request.user.userId, request.body.property, reply, true);
      if (!ctx) return reply;
      if (!(await app.photos.reorder(ctx.listing, request.body.photos))) {
        return reply.code(422).send({ message: PHOTO_ORDER_TEXTS.mismatch });
      }
      return listReply(ctx);
    },
  );

  app.put(
    '/photos/:hash/caption',
    {
      schema: {
        tags: ['mls-listing'],
        summary: "Change a photo's caption",
        params: ZPhotoParamsSchema,
        body: ZPhotoCaptionRequestSchema,
        response: { 200: ZListingPhotosResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await listingFor(request.user.userId, request.body.property, reply, true);
      if (!ctx) return reply;
      const saved = await app.photos.setCaption(
        ctx.listing,
        request.params.hash,
        request.body.caption,
      );
      if (!saved) return reply.code(404).send({ message: MESSAGES.notFound });
      return listReply(ctx);
    },
  );

  app.delete(
    '/photos/:hash',
    {
      schema: {
        tags: ['mls-listing'],
        summary: 'Delete a photo and its files',
        params: ZPhotoParamsSchema,
        querystring: ZPropertyQuerySchema,
        response: { 200: ZListingPhotosResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = await listingFor(request.user.userId, request.query.property, reply, true);
      if (!ctx) return reply;
      if (!(await app.photos.remove(ctx.listing, request.params.hash))) {
        return reply.code(404).send({ message: MESSAGES.notFound });
      }
      return listReply(ctx);
    },
  );

  app.get(
    '/photos/:hash/:size',
    {
      schema: {
        tags: ['mls-listing'],
        summary:
          'A size of a ready photo: streamed (local storage) or a redirect to a signed URL (S3)',
        params: ZPhotoFileParamsSchema,
        querystring: ZPropertyQuerySchema,
      },
    },
    async (request, reply) => {
      const ctx = await listingFor(request.user.userId, request.query.property, reply, false);
      if (!ctx) return reply;
      const file = await app.photos.file(ctx.listing, request.params.hash, request.params.size);
      if (!file) return reply.code(404).send({ message: MESSAGES.notFound });
      if ('redirect' in file) {
        return reply.header('cache-control', 'no-store').redirect(file.redirect, 302);
      }
      // The bytes of a photo's size never change (a new upload is a new photo).
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=86400')
        .send(file.stream);
    },
  );
};

export default photoRoutes;
