import {
  ZMlsListingQuerySchema,
  ZMlsListingServicesRequestSchema,
  ZMlsListingServicesResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/** GET/PUT /api/dashboard/mls-listing/services: upgrades billed on the listing's invoice; step 3. */
const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/services',
    {
      schema: {
        tags: ['mls-listing'],
        summary: 'The upgrades this property is offered, with those chosen and their prices',
        querystring: ZMlsListingQuerySchema,
        response: { 200: ZMlsListingServicesResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await app.mlsListingService.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      const out = await app.mlsListingService.services(opened.ctx);
      return 'ok' in out ? refused(reply, out) : out;
    },
  );

  app.put(
    '/services',
    {
      schema: {
        tags: ['mls-listing'],
        summary:
          'Choose the upgrades: new ones billed, left-out ones cancelled; completes the step',
        body: ZMlsListingServicesRequestSchema,
        response: { 200: ZMlsListingServicesResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const service = app.mlsListingService;
      const { userId } = request.user;
      const opened = await service.open(userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const saved = await service.saveServices(opened.ctx, request.body.upgrades);
      if (!saved.ok) return refused(reply, saved);
      const again = await service.open(userId, request.body.property);
      if (!again.ok) return refused(reply, again);
      const out = await service.services(again.ctx);
      return 'ok' in out ? refused(reply, out) : out;
    },
  );
};

export default servicesRoutes;
