import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../plugins/core/require-user.ts';

/** Everything under /api/dashboard is for a signed-in user: 401 without a session, before any input is read. */
export default async function dashboardHooks(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
}
