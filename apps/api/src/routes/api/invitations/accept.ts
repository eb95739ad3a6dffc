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
      const me = await app.currentUser.get(userId);
      if (!mine || !me) throw new Error('accepted invitation left no participant');
      const streetAddress = streetAddressUnit(property.street, property.unit);
      await app.currentUser.changed(userId);
      await app.realtime.publishToUser(me.hash, {
        event: 'PropertyUserCreated',
        data: {
          hash: property.hash,
          street_address_unit: streetAddress,
          role: mine.participant.role,
        },
      });
      await app.realtime.publishToProperty(property.hash, {
        event: 'ParticipantsChanged',
        data: { hash: property.hash },
      });
      return { property: property.hash, streetAddress, role: mine.participant.role };
    },
  );
};

export default acceptInvitationRoutes;
