import {
  MESSAGES,
  ZCustomerWorkOrdersSchema,
  ZErrorResponseSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The property's work orders as its participants see them (issue 21): what each trip is for,
 * its state and day. Another user's property is a 404.
 */
const workOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/work-orders',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "The property's work orders (sign posts, lockbox trips, photography), newest first",
        querystring: ZPropertyQuerySchema,
        response: {
          200: ZCustomerWorkOrdersSchema,
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
      return { workOrders: await app.workOrders.forProperty(property.id) };
    },
  );
};

export default workOrderRoutes;
