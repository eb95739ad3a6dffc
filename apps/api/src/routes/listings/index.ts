import {
  type TPublicListing,
  VIEW_STATUSES,
  ZListingsQuerySchema,
  ZListingsResponseSchema,
} from '@lantern/contracts';
import { type Listing, listings } from '@lantern/db';
import { and, count, desc, inArray, isNotNull } from 'drizzle-orm';
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
    '/api/listings',
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
      const where = and(
        inArray(listings.status, [...VIEW_STATUSES[view]]),
        isNotNull(listings.publishedAt),
      );
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(listings)
          .where(where)
          .orderBy(
            desc(view === 'current' ? listings.listedAt : listings.closedAt),
            desc(listings.id),
          )
          .limit(LISTINGS_PAGE_SIZE)
          .offset((page - 1) * LISTINGS_PAGE_SIZE),
        app.db.select({ n: count() }).from(listings).where(where),
      ]);
      reply.header('cache-control', 'public, max-age=60');
      return {
        listings: rows.map(toPublic),
        page,
        pageSize: LISTINGS_PAGE_SIZE,
        total: total?.n ?? 0,
      };
    },
  );
};

export default listingsRoutes;
