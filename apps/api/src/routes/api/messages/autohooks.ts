import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../plugins/core/require-user.ts';

/** Messages are for signed-in participants: 401 without a session. */
export default async function messagesHooks(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
}
