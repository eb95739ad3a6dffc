import { ZMlsListingQuerySchema, ZMlsListingResponseSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/**
 * GET /api/dashboard/mls-listing?property=: the property's MLS listing, made from its MLS listing
 * order on first read (issue 16; docs/decisions/031-mls-listing-builder.md). Anyone on the
 * property reads it; 409 in words when the property has no such order.
 */
const listingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['mls-listing'],
        summary: "The property's MLS listing: steps done, MLS, property type, form, warnings",
        querystring: ZMlsListingQuerySchema,
        response: { 200: ZMlsListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.mlsListingService.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      return { listing: await app.mlsListingService.view(opened.ctx) };
    },
  );
};

export default listingRoutes;
