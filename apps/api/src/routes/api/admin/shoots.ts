import {
  ZPhotoShootResponseSchema,
  ZPhotoShootReviewRequestSchema,
  ZWorkOrderParamsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound, refused } from '../../_shared/replies.ts';

const manage = { access: { staff: ['workorders.manage'] as const } };

/**
 * Staff's review of a photography shoot (issue 39; docs/decisions/064): approve it — every MLS
 * photo rule checked — and the customer has it; or send it back to the photographer with what to
 * change.
 */
const adminShootRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/work-orders/:hash/shoot',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary: 'The shoot of a photography work order, with its photos and review',
        params: ZWorkOrderParamsSchema,
        response: { 200: ZPhotoShootResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const row = await app.workOrderRepo.find(request.params.hash);
      if (row?.wo.kind !== 'photography') return notFound(reply);
      return { shoot: await app.photoShoots.view(row) };
    },
  );

  app.post(
    '/work-orders/:hash/shoot/review',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary:
          'Approve a shoot sent for review (every rule checked: the customer is mailed and sees it), or send it back with the reason (the photographer is mailed)',
        params: ZWorkOrderParamsSchema,
        body: ZPhotoShootReviewRequestSchema,
        response: { 200: ZPhotoShootResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const row = await app.workOrderRepo.find(request.params.hash);
      if (!row) return notFound(reply);
      const audit = await request.serviceAuditBase(userId);
      const done = await app.photoShoots.review(row, userId, request.body, audit);
      return done.ok ? { shoot: done.value } : refused(reply, done);
    },
  );
};

export default adminShootRoutes;
