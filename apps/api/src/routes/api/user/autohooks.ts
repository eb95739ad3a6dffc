import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../plugins/core/require-user.ts';

/** /api/user answers only a signed-in user: 401 without a session. */
export default async function userHooks(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
}
