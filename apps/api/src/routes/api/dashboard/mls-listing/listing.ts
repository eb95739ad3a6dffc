import { ZMlsListingQuerySchema, ZMlsListingReadSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/**
 * GET /api/dashboard/mls-listing?property=: the property's MLS listing, made from its MLS listing
 * order on first read (issue 16; docs/decisions/031-mls-listing-builder.md). Anyone on the
 * property reads it; without such an order, 200 with no listing and why (decision 056).
 */
const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['mls-listing'],
        summary:
          "The property's MLS listing: steps done, MLS, property type, form, warnings (none yet: why)",
        querystring: ZMlsListingQuerySchema,
        response: { 200: ZMlsListingReadSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const read = await app.mlsListingService.read(request.user.userId, request.query.property);
      return read.ok ? read.body : refused(reply, read);
    },
  );
};

export default listingRoutes;
