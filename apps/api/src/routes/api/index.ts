import {
  MESSAGES,
  ZCurrentUserSchema,
  ZErrorResponseSchema,
  ZHealthSchema,
  ZSiteConfigSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/app/require-user.ts';

const apiRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const user = await app.currentUser.get(request.user.userId);
      if (!user) return reply.code(401).send({ message: MESSAGES.unauthenticated });
      return {
        hash: user.hash,
        email: user.email,
        properties_relation_count: user.propertiesCount,
        vendor: user.vendor,
        admin: user.admin,
      };
    },
  );
};

export default apiRoutes;
