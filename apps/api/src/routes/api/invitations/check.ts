import {
  PAGE_LOAD_TEXTS,
  ZAcceptInvitationRequestSchema,
  ZCheckInvitationResponseSchema,
  ZErrorResponseSchema,
} from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * POST /api/invitations/check: the invitation page asks before offering Accept (decision 056).
 * A link already used or expired answers 200 (not an error: the page did nothing wrong) with
 * where to go, and the reason waits there in the dashboard's page-load banner.
 */
const checkInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/check',
    {
      schema: {
        tags: ['participants'],
        summary: 'Whether an invitation link still works (used or expired: where to go instead)',
        body: ZAcceptInvitationRequestSchema,
        response: { 200: ZCheckInvitationResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      if (await app.invitations.usable(request.body.token)) return { usable: true };
      reply.flashPageLoad(PAGE_LOAD_TEXTS.invitationUsed);
      return { usable: false, redirect: PATHS.dashboard };
    },
  );
};

export default checkInvitationRoutes;
