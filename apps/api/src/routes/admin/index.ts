import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import accessRoutes from './access.ts';
import activityRoutes from './activity.ts';
import jobRoutes from './jobs.ts';
import propertyRoutes from './properties.ts';
import roleRoutes from './roles.ts';
import summaryRoutes from './summary.ts';
import adminTestFixtures from './test-fixtures.ts';
import userRoutes from './users.ts';

/**
 * /api/admin (issue 15). The permission check is declared once for the folder: every route
 * below names what it needs in `config.access`, and the guard refuses anything else (deny by
 * default). Under @fastify/autoload this hook moves to the folder's autohooks.ts.
 */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.access.guard);
  await app.register(accessRoutes);
  await app.register(summaryRoutes);
  await app.register(roleRoutes);
  await app.register(userRoutes);
  await app.register(propertyRoutes);
  await app.register(activityRoutes);
  await app.register(jobRoutes);
  if (app.config.testFixtures) await app.register(adminTestFixtures);
};

export default adminRoutes;
