import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../plugins/core/require-user.ts';

/**
 * /user/add-property needs a signed-in user, checked before the body is read: a signed-out
 * request learns it must sign in, not what to fix.
 */
export default async function userHooks(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
}
