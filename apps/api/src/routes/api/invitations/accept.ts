import {
  MESSAGES,
  streetAddressUnit,
  ZAcceptInvitationRequestSchema,
  ZAcceptInvitationResponseSchema,
  ZErrorResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** POST /api/invitations/accept: the invitation page takes an invitation up (issue 6). */
const acceptInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/accept',
    {
      schema: {
        tags: ['participants'],
        summary: 'Accept an invitation as the signed-in user (the invited email address)',
        body: ZAcceptInvitationRequestSchema,
        response: {
          200: ZAcceptInvitationResponseSchema,
          401: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const outcome = await app.invitations.accept(userId, request.body.token);
      if (!outcome.ok) {
        if ('noUser' in outcome) return reply.code(401).send({ message: MESSAGES.unauthenticated });
        return reply
          .code(422)
          .send({ message: outcome.refused, errors: { token: [outcome.refused] } });
      }
      const { property } = outcome;
      const mine = await app.properties.findForUser(userId, property.hash);
      if (!mine) throw new Error('accepted invitation left no participant');
      const { role } = mine.participant;
      if (!outcome.already) await app.invitations.announceJoined(userId, [{ property, role }]);
      const streetAddress = streetAddressUnit(property.street, property.unit);
      return { property: property.hash, streetAddress, role };
    },
  );
};

export default acceptInvitationRoutes;
