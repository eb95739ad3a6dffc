import { ZSocialProvidersSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/auth/providers: the configured social sign-in providers (issue 7). */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/providers',
    {
      schema: {
        tags: ['account'],
        summary: 'Social sign-in providers that are configured, with their public settings',
        response: { 200: ZSocialProvidersSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { providers: app.socialSignIn.providers() };
    },
  );
};

export default authRoutes;
