import { MESSAGES, ZCurrentUserSchema, ZErrorResponseSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** GET /api/user: the signed-in user (spec 3), the hottest read of every page. */
const currentUserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: ZCurrentUserSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await app.currentUser.current(request.user.userId);
      if (!user) return reply.code(401).send({ message: MESSAGES.unauthenticated });
      return user;
    },
  );
};

export default currentUserRoutes;
