import { MESSAGES } from '@lantern/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  type Access,
  type AccessService,
  createAccessService,
  type RouteAccess,
} from './access.ts';
import { createStaffRoleRepository, type StaffRoleRepository } from './staff-roles.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    staffRoles: StaffRoleRepository;
    access: AccessService & {
      /**
       * The onRequest hook every admin and vendor route folder registers once (before the body is read): 401 without a
       * session, 403 unless the route's declared `config.access` is met (deny by default).
       */
      guard(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
      /** Every guarded route, as declared: the access test walks this list. */
      readonly routes: ReadonlyArray<{ method: string; url: string; access: RouteAccess }>;
    };
  }
  interface FastifyRequest {
    /** Set by the guard: what the signed-in person may do. */
    access: Access;
  }
  interface FastifyContextConfig {
    /** What the route needs; required under /api/admin and /api/vendor (startup fails without). */
    access?: RouteAccess;
  }
}

/** URL prefixes whose every route must declare `config.access`. */
export const GUARDED_PREFIXES = ['/api/admin/', '/api/vendor/'] as const;

/**
 * Staff roles, vendor kinds and the one permission check (issue 15;
 * docs/decisions/016-staff-roles-and-permissions.md).
 */
export default fp(
  async (app) => {
    const roles = createStaffRoleRepository(app.db);
    const service = createAccessService({ roles, currentUser: app.currentUser, bus: app.bus });
    const routes: Array<{ method: string; url: string; access: RouteAccess }> = [];

    // A route under a guarded prefix that forgets to say what it needs never starts.
    app.addHook('onRoute', (route) => {
      if (!GUARDED_PREFIXES.some((p) => route.url.startsWith(p))) return;
      const access = route.config?.access;
      if (!access) {
        throw new Error(`${route.method} ${route.url} must declare config.access (issue 15)`);
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, access });
      }
    });

    async function guard(request: FastifyRequest, reply: FastifyReply) {
      const session = await request.session();
      if (!session) return reply.code(401).send({ message: MESSAGES.unauthenticated });
      const need = request.routeOptions.config?.access;
      const access = await service.forUser(session.userId);
      if (!access) return reply.code(401).send({ message: MESSAGES.unauthenticated });
      if (!need || !service.allows(access, need)) {
        return reply.code(403).send({ message: MESSAGES.forbidden });
      }
      request.user = session;
      request.access = access;
    }

    app.decorate('staffRoles', roles);
    app.decorate('access', Object.assign(service, { guard, routes }));
    app.addHook('onClose', async () => service.close());
  },
  { name: 'access', dependencies: ['services', 'auth'] },
);
