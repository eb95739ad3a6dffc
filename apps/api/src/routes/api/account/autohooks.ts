import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../plugins/core/require-user.ts';

/** Everything under /api/account is the signed-in user's own: 401 without a session. */
export default async function accountHooks(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
}
