import {
  MESSAGES,
  ZCustomerAgentWorkSchema,
  ZErrorResponseSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * What the property's agent logged and recorded, as its customers see it (issue 24; decision
 * 050): the hours for hourly representation, billed or not, and the offers received with their
 * status. Another user's property is a 404.
 */
const agentWorkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/agent-work',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The agent's hours on the property and the offers received, newest first",
        querystring: ZPropertyQuerySchema,
        response: {
          200: ZCustomerAgentWorkSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const hash = request.query.property;
      const property = (await app.properties.isParticipant(userId, hash))
        ? await app.properties.findByHash(hash)
        : undefined;
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      const [hours, offers] = await Promise.all([
        app.agentWork.hours(property),
        app.agentWork.offers(property),
      ]);
      return { hours, offers };
    },
  );
};

export default agentWorkRoutes;
