import { ZMlsListingFormRequestSchema, ZMlsListingResponseSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/**
 * PUT /api/dashboard/mls-listing/form: save the RESO form as a draft, or (`finish`) check it
 * complete and count the step done; step 2.
 */
const formRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/form',
    {
      schema: {
        tags: ['mls-listing'],
        summary: 'Save the listing form: a draft, or finished (checked complete)',
        body: ZMlsListingFormRequestSchema,
        response: { 200: ZMlsListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const service = app.mlsListingService;
      const { userId } = request.user;
      const opened = await service.open(userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const saved = await service.saveForm(opened.ctx, request.body.form, request.body.finish);
      if (!saved.ok) return refused(reply, saved);
      const again = await service.open(userId, request.body.property);
      if (!again.ok) return refused(reply, again);
      return { listing: await service.view(again.ctx) };
    },
  );
};

export default formRoutes;
