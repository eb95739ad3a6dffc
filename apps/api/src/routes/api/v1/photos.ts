import {
  MESSAGES,
  ZErrorResponseSchema,
  ZV1PhotoChangeSchema,
  ZV1PhotoFileParamsSchema,
  ZV1PhotoParamsSchema,
  ZV1PhotoResponseSchema,
} from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openListingHash } from '../../_shared/listing-photo-access.ts';
import {
  captionPhoto,
  listReply,
  PHOTO_ERRORS,
  removePhoto,
  sendListingPhotoSize,
  v1PhotoUrl,
} from '../../_shared/photo-routes.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const tags = ['listings'];

/** The listing a photo of the user's belongs to, opened with the dashboard's access rules. */
async function openPhoto(
  app: ZodApp,
  userId: number,
  photoHash: string,
  reply: FastifyReply,
  write: boolean,
) {
  const listingHash = await app.ownerListings.photoListingFor(userId, photoHash);
  if (listingHash) return openListingHash(app, userId, listingHash, reply, write);
  await reply.code(404).send({ message: MESSAGES.notFound });
  return null;
}

/** The photo as the listing's photos list shows it now. */
async function photoReply(
  app: ZodApp,
  reply: FastifyReply,
  ctx: NonNullable<Awaited<ReturnType<typeof openPhoto>>>,
  hash: string,
) {
  const { photos } = await listReply(app, v1PhotoUrl, ctx);
  const photo = photos.find((p) => p.hash === hash);
  return photo ? { photo } : reply.code(404).send({ message: MESSAGES.notFound });
}

/**
 * /api/v1/photos/{hash} (issue 48): one photo of one of your listings, its caption, deleting it,
 * and its files (`/photos/{hash}/thumb` and `/web`, the URLs v1's answers give). A listing's
 * photos and uploading more are /api/v1/listings/{hash}/photos.
 */
const v1PhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/photos/:hash',
    {
      schema: {
        tags,
        summary: 'A photo',
        params: ZV1PhotoParamsSchema,
        response: { 200: ZV1PhotoResponseSchema, ...PHOTO_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await openPhoto(app, request.user.userId, request.params.hash, reply, false);
      return ctx ? photoReply(app, reply, ctx, request.params.hash) : reply;
    },
  );

  app.patch(
    '/photos/:hash',
    {
      schema: {
        tags,
        summary: "Change a photo's caption",
        params: ZV1PhotoParamsSchema,
        body: ZV1PhotoChangeSchema,
        response: { 200: ZV1PhotoResponseSchema, 422: ZErrorResponseSchema, ...PHOTO_ERRORS },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const ctx = await openPhoto(app, request.user.userId, hash, reply, true);
      if (!ctx) return reply;
      const change = { hash, caption: request.body.caption };
      const answer = await captionPhoto(app, reply, ctx, change, v1PhotoUrl);
      return answer ? photoReply(app, reply, ctx, hash) : reply;
    },
  );

  app.delete(
    '/photos/:hash',
    {
      schema: {
        tags,
        summary: 'Delete a photo and its files',
        params: ZV1PhotoParamsSchema,
        response: { 204: z.null(), ...PHOTO_ERRORS },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const ctx = await openPhoto(app, request.user.userId, hash, reply, true);
      if (!ctx) return reply;
      const answer = await removePhoto(app, reply, ctx, hash, v1PhotoUrl);
      return answer ? reply.code(204).send(null) : reply;
    },
  );

  app.get(
    '/photos/:hash/:size',
    {
      schema: {
        tags,
        summary: 'A size of a ready photo',
        description:
          'The JPEG (`thumb` or `web`), streamed or answered 302 to a signed link that works for ten minutes; 404 until the photo is ready.',
        params: ZV1PhotoFileParamsSchema,
        response: PHOTO_ERRORS,
      },
    },
    async (request, reply) => {
      const ctx = await openPhoto(app, request.user.userId, request.params.hash, reply, false);
      return ctx ? sendListingPhotoSize(app, reply, ctx, request.params) : reply;
    },
  );
};

export default v1PhotoRoutes;
