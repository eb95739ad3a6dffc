import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../plugins/core/require-user.ts';

/** An invitation is taken up by a signed-in account: 401 without a session. */
export default async function invitationHooks(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
}
