import type { FastifyInstance } from 'fastify';

/** /api/vendor (issue 15): the same permission check as /api/admin, by vendor kind. */
export default async function vendorHooks(app: FastifyInstance) {
  app.addHook('onRequest', app.access.guard);
}
