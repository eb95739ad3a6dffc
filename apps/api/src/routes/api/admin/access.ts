import { PERMISSION_KEYS, roleGrants, ZStaffAccessSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS } from '../../_shared/replies.ts';

const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/access',
    {
      config: { access: { staff: [] } },
      schema: {
        tags: ['admin'],
        summary: 'What the signed-in staff member may do: the SPA shows only that',
        response: { 200: ZStaffAccessSchema, ...ERRORS },
      },
    },
    async (request) => {
      const staff = request.access.staff;
      if (!staff) throw new Error('guard let a non-staff request through');
      return {
        role: { key: staff.key, name: staff.name, isOwner: staff.isOwner },
        permissions: PERMISSION_KEYS.filter((p) => roleGrants(staff, p)),
      };
    },
  );
};

export default accessRoutes;
