import {
  ZListingSyndicationRequestSchema,
  ZListingSyndicationResponseSchema,
  ZMlsListingQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/**
 * Where the owners agree the listing may appear beyond our site (issue 49): chosen before the
 * agreement is made (which prints it), fixed while signed and in review, changed by the owners
 * once live, when the public row partners replicate follows at once.
 */
const syndicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.mlsListingService;

  app.get(
    '/syndication',
    {
      schema: {
        tags: ['mls-listing'],
        summary:
          'Where the owners agreed the listing may appear beyond our site, and whether this user may change it now',
        querystring: ZMlsListingQuerySchema,
        response: { 200: ZListingSyndicationResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await service.open(request.user.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      return app.listingManage.syndication(opened.ctx);
    },
  );

  app.put(
    '/syndication',
    {
      config: { audit: { action: 'mls-listing.syndication' } },
      schema: {
        tags: ['mls-listing'],
        summary:
          'Choose where the listing may appear beyond our site: before signing (the agreement is made with it) or once live (the public row follows at once)',
        body: ZListingSyndicationRequestSchema,
        response: { 200: ZListingSyndicationResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await service.open(request.user.userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const { ctx } = opened;
      const out = await app.listingManage.chooseSyndication(ctx, request.body.syndication);
      if (!out.ok) return refused(reply, out);
      request.audit({
        recordType: 'mls_listing',
        recordId: ctx.row.listing.hash,
        before: { status: ctx.row.listing.status, syndication: out.before },
        after: { syndication: request.body.syndication },
      });
      const again = await service.open(request.user.userId, request.body.property);
      if (!again.ok) return refused(reply, again);
      return app.listingManage.syndication(again.ctx);
    },
  );
};

export default syndicationRoutes;
