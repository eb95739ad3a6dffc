import {
  MESSAGES,
  ZCustomerLockboxRentalSchema,
  ZErrorResponseSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The property's lockbox rental as its participants see it (issue 21): dates, days left or
 * overdue, the deposit and what was refunded of it. Another user's property is a 404.
 */
const lockboxRentalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lockbox-rental',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The property's newest lockbox rental, or null when it has none",
        querystring: ZPropertyQuerySchema,
        response: {
          200: ZCustomerLockboxRentalSchema,
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
      return app.lockboxes.forProperty(property.id);
    },
  );
};

export default lockboxRentalRoutes;
