import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../../plugins/core/require-user.ts';

/**
 * v1's own resources (issue 48) are for a token's owner: 401 without one, before any input is
 * read. Their scope is checked with every /api/v1 request (features/api-tokens).
 */
export default async function v1Hooks(app: FastifyInstance) {
  app.addHook('onRequest', requireUser);
}
