import { ZMlsListingLocationRequestSchema, ZMlsListingResponseSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/** PUT /api/dashboard/mls-listing/location: the MLS and the RESO property type; step 1. */
const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/location',
    {
      schema: {
        tags: ['mls-listing'],
        summary:
          'Save the location step: the MLS (when several serve the county) and the property type',
        body: ZMlsListingLocationRequestSchema,
        response: { 200: ZMlsListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const service = app.mlsListingService;
      const opened = await service.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const saved = await service.saveLocation(opened.ctx, request.body);
      if (!saved.ok) return refused(reply, saved);
      const again = await service.open(request.user.userId, request.body.property);
      if (!again.ok) return refused(reply, again);
      return { listing: await service.view(again.ctx) };
    },
  );
};

export default locationRoutes;
