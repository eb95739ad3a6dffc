import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../plugins/core/require-user.ts';

/** Place suggestions cost money at a provider: only for a signed-in user (401 otherwise). */
export default async function placesHooks(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
}
