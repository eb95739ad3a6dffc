import {
  MESSAGES,
  PROBLEM_TEXTS,
  type TV1Listing,
  ZErrorResponseSchema,
  ZV1ListingListSchema,
  ZV1ListingParamsSchema,
  ZV1ListingResponseSchema,
  ZV1PhotoListSchema,
  ZV1PhotoOrderRequestSchema,
  ZV1PhotoUploadSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OwnerListingRow } from '../../../features/owner-listings/owner-listings.repository.ts';
import { openListingByHash } from '../../_shared/listing-photo-access.ts';
import {
  listReply,
  PHOTO_ERRORS,
  registerPhotoMultipart,
  reorderPhotos,
  uploadPhotos,
  v1PhotoUrl,
} from '../../_shared/photo-routes.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const tags = ['listings'];

export function listingView(row: OwnerListingRow): TV1Listing {
  const p = row.publicListing;
  return {
    hash: row.hash,
    kind: row.kind,
    property: row.propertyHash,
    status: row.status as TV1Listing['status'],
    canEdit: row.canEdit,
    publicListing: p
      ? {
          hash: p.hash,
          slug: p.slug,
          published: p.publishedAt !== null,
          status: p.status as NonNullable<TV1Listing['publicListing']>['status'],
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * /api/v1/listings (issue 48): the MLS and FSBO listings of the properties you take part in,
 * drafts included, and their photos: read, upload (multipart `files` parts) and reorder, with the
 * dashboard's own rules (routes/_shared/photo-routes.ts). One photo is /api/v1/photos/{hash}.
 */
const v1ListingRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerPhotoMultipart(app);
  registerReads(app);
  registerPhotos(app);
};

function registerReads(app: ZodApp) {
  app.get(
    '/listings',
    {
      schema: {
        tags,
        summary: 'Your listings',
        description:
          'The MLS and FSBO listings of every property you take part in, oldest first, drafts included; `publicListing` is its page on the site once shown there.',
        response: { 200: ZV1ListingListSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => {
      const rows = await app.ownerListings.listForUser(request.user.userId);
      return { listings: rows.map(listingView) };
    },
  );

  app.get(
    '/listings/:hash',
    {
      schema: {
        tags,
        summary: 'A listing',
        params: ZV1ListingParamsSchema,
        response: {
          200: ZV1ListingResponseSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await app.ownerListings.findForUser(request.user.userId, request.params.hash);
      if (!row) return reply.code(404).send({ message: MESSAGES.notFound });
      return { listing: listingView(row) };
    },
  );
}

/** Both answers name `canEdit` as v1's other resources do. */
const photoList = (list: Awaited<ReturnType<typeof listReply>>) => ({
  photos: list.photos,
  canEdit: list.can_edit,
});

function registerPhotos(app: ZodApp) {
  app.get(
    '/listings/:hash/photos',
    {
      schema: {
        tags,
        summary: "A listing's photos",
        description:
          'In order: the first is the primary photo. `urls` is null until a photo is ready.',
        params: ZV1ListingParamsSchema,
        response: { 200: ZV1PhotoListSchema, ...PHOTO_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await openListingByHash(app, request, reply, false);
      if (!ctx) return reply;
      return photoList(await listReply(app, v1PhotoUrl, ctx));
    },
  );

  app.post(
    '/listings/:hash/photos',
    {
      config: { audit: { outside: true } },
      schema: {
        tags,
        summary: 'Upload photos',
        description:
          "A `multipart/form-data` body with one `files` part per photo (JPEG, PNG, WebP or HEIC, at most 15 MB and 50 photos). Each file is answered stored (then processing) or refused with the reason; `photos` is the listing's photos after the upload. 403 without can_edit; 409 while the steps before photos are not done or the listing is with staff.",
        params: ZV1ListingParamsSchema,
        response: {
          200: ZV1PhotoUploadSchema,
          415: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
          ...PHOTO_ERRORS,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        return reply.code(415).send({ message: PROBLEM_TEXTS.multipartExpected });
      }
      const ctx = await openListingByHash(app, request, reply, true);
      if (!ctx) return reply;
      return uploadPhotos(app, request, ctx, v1PhotoUrl);
    },
  );

  app.put(
    '/listings/:hash/photos/order',
    {
      schema: {
        tags,
        summary: 'Reorder the photos',
        description:
          "Every photo's hash, the new primary photo first; 422 when the list is not exactly the listing's photos.",
        params: ZV1ListingParamsSchema,
        body: ZV1PhotoOrderRequestSchema,
        response: { 200: ZV1PhotoListSchema, 422: ZErrorResponseSchema, ...PHOTO_ERRORS },
      },
    },
    async (request, reply) => {
      const ctx = await openListingByHash(app, request, reply, true);
      if (!ctx) return reply;
      const answer = await reorderPhotos(app, reply, ctx, request.body.photos, v1PhotoUrl);
      return answer ? photoList(answer) : reply;
    },
  );
}

export default v1ListingRoutes;
