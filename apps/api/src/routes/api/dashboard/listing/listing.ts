import { ZOwnedListingResponseSchema, ZPropertyQuerySchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/**
 * GET /api/dashboard/listing?property=: the property's public listing that the issue-22 tools
 * (questions, showings, analytics, open houses, text for info) work on. Only the listing's side
 * of the property gets it; everyone else a 404.
 */
const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['listing-tools'],
        summary: "The property's public listing, for its owners",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZOwnedListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.ownedListings.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      return { listing: app.ownedListings.view(opened.ctx) };
    },
  );
};

export default listingRoutes;
