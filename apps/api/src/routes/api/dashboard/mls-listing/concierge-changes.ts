import {
  CONCIERGE_LISTING_TEXTS as CL,
  ZMlsListingResponseSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import { MLS_LISTING_TEXTS as T } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../../_shared/replies.ts';

/**
 * POST /api/dashboard/mls-listing/concierge-changes/accept (issue 39; decision 065): an owner
 * who can edit accepts every change the concierge handed back, after reading each beside the
 * value they had; the draft is theirs again to edit and sign.
 */
const conciergeChangesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/concierge-changes/accept',
    {
      config: { audit: { action: 'listing.concierge-accept' } },
      schema: {
        tags: ['mls-listing'],
        summary: "Accept the concierge's changes to the draft (then sign as before)",
        body: ZPropertyQuerySchema,
        response: { 200: ZMlsListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const service = app.mlsListingService;
      const { userId } = request.user;
      const opened = await service.open(userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      if (!opened.ctx.participant.canEdit) return reply.code(403).send({ message: T.readOnly });
      const { listing } = opened.ctx.row;
      const done = await app.mlsListings.acceptConciergeChanges(listing.id, userId);
      if (!done.ok) return reply.code(409).send({ message: CL.nothingToAccept });
      request.audit({
        recordType: 'mls_listing',
        recordId: listing.hash,
        before: { conciergeHandedAt: done.before.conciergeHandedAt?.toISOString() ?? null },
        after: { conciergeHandedAt: null },
      });
      await app.realtime.publishToProperty(opened.ctx.property.hash, {
        event: 'ListingUpdated',
        data: { hash: listing.hash, status: listing.status },
      });
      const again = await service.open(userId, request.body.property);
      if (!again.ok) return refused(reply, again);
      return { listing: await service.view(again.ctx) };
    },
  );
};

export default conciergeChangesRoutes;
