import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../plugins/core/require-user.ts';

/** Geocoding costs money at a provider: only for a signed-in user (401 otherwise). */
export default async function geocodeHooks(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
}
