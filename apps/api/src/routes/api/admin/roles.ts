import {
  ZRoleInputSchema,
  ZRoleKeyParamsSchema,
  ZRoleSchema,
  ZRolesResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, refused } from '../../_shared/replies.ts';

const manage = { access: { staff: ['roles.manage'] as const } };

/** The Roles page (issue 15): roles made of named permissions. */
const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/roles',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary: 'Every staff role with its permissions and how many people hold it',
        response: { 200: ZRolesResponseSchema, ...ERRORS },
      },
    },
    async () => ({ rows: await app.roleService.list(), nextCursor: null }),
  );

  app.post(
    '/roles',
    {
      config: { ...manage, audit: { action: 'role.create' } },
      schema: {
        tags: ['admin'],
        summary: 'Create a role',
        body: ZRoleInputSchema,
        response: { 201: ZRoleSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.roleService.create(request.body);
      if (!outcome.ok) return refused(reply, outcome);
      const { after } = outcome.value;
      request.audit({ recordType: 'role', recordId: after.key, after });
      return reply.code(201).send(after);
    },
  );

  app.put(
    '/roles/:key',
    {
      config: { ...manage, audit: { action: 'role.update' } },
      schema: {
        tags: ['admin'],
        summary: "Change a role's name, description and permissions (not the owner role)",
        params: ZRoleKeyParamsSchema,
        body: ZRoleInputSchema,
        response: { 200: ZRoleSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.roleService.update(request.params.key, request.body);
      if (!outcome.ok) return refused(reply, outcome);
      const { before, after } = outcome.value;
      request.audit({ recordType: 'role', recordId: after.key, before, after });
      return after;
    },
  );

  app.delete(
    '/roles/:key',
    {
      config: { ...manage, audit: { action: 'role.delete' } },
      schema: {
        tags: ['admin'],
        summary: 'Remove a role nobody holds (not the owner role)',
        params: ZRoleKeyParamsSchema,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.roleService.remove(request.params.key);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'role',
        recordId: request.params.key,
        before: outcome.value.before,
      });
      return reply.code(204).send(null);
    },
  );
};

export default roleRoutes;
