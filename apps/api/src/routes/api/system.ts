import { ZHealthSchema, ZSessionResponseSchema, ZSiteConfigSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api: health, the site's public settings, and who is signed in for pages anyone may view. */
const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        response: { 200: ZHealthSchema, 503: ZHealthSchema },
      },
    },
    async (_request, reply) => {
      const up = await app.database.ping();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' });
    },
  );

  app.get(
    '/site',
    {
      schema: {
        tags: ['system'],
        summary: 'Public site configuration for the front ends',
        response: { 200: ZSiteConfigSchema },
      },
    },
    async () => ({
      siteName: app.config.siteName,
      supportPhone: app.config.supportPhone,
      brokerageLicenses: app.config.brokerageLicenses,
    }),
  );

  app.get(
    '/session',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, or null: never 401, for pages anyone may view',
        response: { 200: ZSessionResponseSchema },
      },
    },
    async (request, reply) => {
      const session = await request.session();
      // Per visitor: never cached by a shared cache.
      reply.header('cache-control', 'private, no-store');
      return { user: session ? await app.currentUser.current(session.userId) : null };
    },
  );
};

export default systemRoutes;
