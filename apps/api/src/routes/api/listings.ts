import {
  LISTINGS_PAGE_SIZE,
  MESSAGES,
  ZListingPhotoFileParamsSchema,
  ZListingPhotoParamsSchema,
  ZListingsQuerySchema,
  ZListingsResponseSchema,
} from '@lantern/contracts';
import type { ListingPhoto } from '@lantern/db';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toPublicListing } from '../../services/listings/listing-detail.ts';
import { sizeKey } from '../../services/photos/photos.ts';

/** Signed links to S3 last as long as the photos' own (services/photos). */
const SIGNED_URL_SECONDS = 10 * 60;

/**
 * GET /api/listings: published listings for /current-listings, /past-sales, /past-listings, with
 * the same filters, sort and paging as those pages (one schema); and the public photo routes,
 * which serve a photo only while its listing is published.
 */
const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/listings',
    {
      schema: {
        tags: ['listings'],
        summary: 'Published listings for the public listing pages, filtered, sorted and paged',
        querystring: ZListingsQuerySchema,
        response: { 200: ZListingsResponseSchema },
      },
    },
    async (request, reply) => {
      const filter = request.query;
      const { rows, total } = await app.listings.publishedPage(filter, LISTINGS_PAGE_SIZE);
      reply.header('cache-control', 'public, max-age=60');
      return {
        listings: rows.map(toPublicListing),
        page: filter.page,
        pageSize: LISTINGS_PAGE_SIZE,
        total,
      };
    },
  );

  const sendPhoto = async (
    reply: FastifyReply,
    photo: ListingPhoto | undefined,
    size: 'thumb' | 'web',
  ) => {
    const key = photo && sizeKey(photo.storageKey, size);
    const url = key
      ? await app.storage.signedUrl(key, { expiresInSeconds: SIGNED_URL_SECONDS })
      : null;
    if (url) return reply.header('cache-control', 'no-store').redirect(url, 302);
    const stream = key ? await app.storage.get(key) : null;
    if (!stream) return reply.code(404).send({ message: MESSAGES.notFound });
    // Public, but short: a new order of photos or an unpublished listing should not linger.
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', 'public, max-age=300')
      .send(stream);
  };

  app.get(
    '/listings/:id/photo',
    {
      schema: {
        tags: ['listings'],
        summary: "A published listing's primary photo (web size, no metadata)",
        params: ZListingPhotoParamsSchema,
      },
    },
    async (request, reply) => {
      const row = await app.listings.published(request.params.id);
      const photo = row?.photoHash
        ? await app.listings.publishedPhoto(row.hash, row.photoHash)
        : undefined;
      return sendPhoto(reply, photo, 'web');
    },
  );

  app.get(
    '/listings/:id/photos/:photo/:size',
    {
      schema: {
        tags: ['listings'],
        summary: 'One photo of a published listing, as a thumbnail or at web size',
        params: ZListingPhotoFileParamsSchema,
      },
    },
    async (request, reply) => {
      const { id, photo, size } = request.params;
      return sendPhoto(reply, await app.listings.publishedPhoto(id, photo), size);
    },
  );
};

export default listingsRoutes;
