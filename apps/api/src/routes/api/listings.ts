import {
  type TPublicListing,
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
    photoUrl: row.photoUrl,
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
};

export default listingsRoutes;
