import {
  LISTINGS_PAGE_SIZE,
  MESSAGES,
  ZListingPhotoFileParamsSchema,
  ZListingPhotoParamsSchema,
  ZListingsQuerySchema,
  ZListingsResponseSchema,
} from '@lantern/contracts';
import type { TPhotoSizeName } from '@lantern/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toPublicListing } from '../../features/public-listings/listing-detail.ts';
import { sendEncoded } from '../../features/public-site/page-encoding.ts';

/**
 * GET /api/listings: published listings for /current-listings, /past-sales, /past-listings, with
 * the same filters, sort and paging as those pages (one schema); and the public photo routes,
 * which serve a photo of an MLS or FSBO listing only while that listing is published.
 */
const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/listings',
    {
      // The answer is kept encoded, with its compressed forms (sendEncoded), until a listing
      // changes (issue 46): checked against its schema once, when it is made.
      compress: false,
      schema: {
        tags: ['listings'],
        summary: 'Published listings for the public listing pages, filtered, sorted and paged',
        querystring: ZListingsQuerySchema,
        response: { 200: ZListingsResponseSchema },
      },
    },
    async (request, reply) => {
      const filter = request.query;
      const body = await app.listingsPages.answer(filter, LISTINGS_PAGE_SIZE, (page) => {
        const answer = ZListingsResponseSchema.parse({
          listings: page.rows.map(toPublicListing),
          page: filter.page,
          pageSize: LISTINGS_PAGE_SIZE,
          total: page.total,
          totalCapped: page.totalCapped,
        });
        return Buffer.from(JSON.stringify(answer));
      });
      reply.header('cache-control', 'public, max-age=60').type('application/json; charset=utf-8');
      await sendEncoded(request, reply, body);
      return reply;
    },
  );

  /** A size of a ready photo of the published listing `id`, or the JSON 404. */
  const sendPhoto = async (
    reply: FastifyReply,
    id: string,
    photoHash: string | null,
    size: TPhotoSizeName,
  ) => {
    const row = await app.listings.published(id);
    const owner = !row
      ? undefined
      : row.mlsListingId
        ? await app.listingPhotos.ownerById('mls', row.mlsListingId)
        : row.fsboListingId
          ? await app.listingPhotos.ownerById('fsbo', row.fsboListingId)
          : undefined;
    const file = owner && photoHash ? await app.photos.file(owner, photoHash, size) : null;
    if (!file) return reply.code(404).send({ message: MESSAGES.notFound });
    if ('redirect' in file) {
      return reply.header('cache-control', 'no-store').redirect(file.redirect, 302);
    }
    // Public, but short: a new order of photos or an unpublished listing should not linger.
    return reply
      .header('content-type', 'image/jpeg')
      .header('cache-control', 'public, max-age=300')
      .send(file.stream);
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
      return sendPhoto(reply, request.params.id, row?.photoHash ?? null, 'web');
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
      return sendPhoto(reply, id, photo, size);
    },
  );
};

export default listingsRoutes;
