import type { FastifyInstance } from 'fastify';

/**
 * /api/admin (issue 15): the permission check, declared once for the folder. Every route below
 * names what it needs in `config.access` and the guard refuses anything else (deny by default;
 * docs/decisions/016-staff-roles-and-permissions.md).
 */
export default async function adminHooks(app: FastifyInstance) {
  app.addHook('onRequest', app.access.guard);
}
