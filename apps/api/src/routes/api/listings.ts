import {
  LISTINGS_API,
  MESSAGES,
  type TPublicListing,
  ZListingPhotoParamsSchema,
  ZListingsQuerySchema,
  ZListingsResponseSchema,
} from '@lantern/contracts';
import type { Listing } from '@lantern/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const LISTINGS_PAGE_SIZE = 12;

function toPublic(row: Listing): TPublicListing {
  return {
    id: row.hash,
    status: row.status,
    address: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    price: row.price,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    squareFeet: row.squareFeet,
    // An MLS or FSBO listing's photo is served by our photo route, only while the row is published.
    photoUrl: row.photoHash ? LISTINGS_API.photo(row.hash) : row.photoUrl,
    listedAt: row.listedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
  };
}

/** GET /api/listings: published listings for /current-listings, /past-sales, /past-listings. */
const listingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/listings',
    {
      schema: {
        tags: ['listings'],
        summary: 'Published listings for the public listing pages',
        querystring: ZListingsQuerySchema,
        response: { 200: ZListingsResponseSchema },
      },
    },
    async (request, reply) => {
      const { view, page } = request.query;
      const { rows, total } = await app.listings.publishedPage(view, page, LISTINGS_PAGE_SIZE);
      reply.header('cache-control', 'public, max-age=60');
      return { listings: rows.map(toPublic), page, pageSize: LISTINGS_PAGE_SIZE, total };
    },
  );

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
      const owner = !row?.photoHash
        ? undefined
        : row.mlsListingId
          ? await app.listingPhotos.ownerById('mls', row.mlsListingId)
          : row.fsboListingId
            ? await app.listingPhotos.ownerById('fsbo', row.fsboListingId)
            : undefined;
      const file =
        owner && row?.photoHash ? await app.photos.file(owner, row.photoHash, 'web') : null;
      if (!file) return reply.code(404).send({ message: MESSAGES.notFound });
      if ('redirect' in file) {
        return reply.header('cache-control', 'no-store').redirect(file.redirect, 302);
      }
      // Public, but short: a new primary photo or an unpublished listing should not linger.
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'public, max-age=300')
        .send(file.stream);
    },
  );
};

export default listingsRoutes;
