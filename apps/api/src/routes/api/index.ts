import {
  MESSAGES,
  ZCurrentUserSchema,
  ZErrorResponseSchema,
  ZHealthSchema,
  ZSessionResponseSchema,
  ZSiteConfigSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/require-user.ts';
import cspReportRoutes from './csp-report.ts';

const apiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(cspReportRoutes);
  const currentUser = (userId: number) => app.currentUser.current(userId);

  app.get(
    '/api/health',
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
    '/api/site',
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
    '/api/user',
    {
      preHandler: requireUser,
      schema: {
        tags: ['account'],
        summary: 'The signed-in user',
        response: { 200: ZCurrentUserSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request.user.userId);
      if (!user) return reply.code(401).send({ message: MESSAGES.unauthenticated });
      return user;
    },
  );

  app.get(
    '/api/session',
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
      return { user: session ? await currentUser(session.userId) : null };
    },
  );
};

export default apiRoutes;
