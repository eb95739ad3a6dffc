import {
  ZAssignmentHashParamsSchema,
  ZAssignmentSchema,
  ZVendorAccessSchema,
  ZVendorAssignmentsPageSchema,
  ZVendorAssignmentsQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toAssignment } from '../../../features/staff/people.ts';
import { ERRORS, notFound, page } from '../../_shared/replies.ts';

const anyVendor = { access: { vendor: 'any' as const } };

/**
 * /api/vendor (issue 15). Like /api/admin, the check is declared once for the folder; a vendor
 * sees only records assigned to them, and anyone else's is a 404.
 */
const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/access',
    {
      config: anyVendor,
      schema: {
        tags: ['vendor'],
        summary: "The signed-in vendor's kinds",
        response: { 200: ZVendorAccessSchema, ...ERRORS },
      },
    },
    async (request) => ({ kinds: request.access.vendorKinds }),
  );

  app.get(
    '/assignments',
    {
      config: anyVendor,
      schema: {
        tags: ['vendor'],
        summary: "The vendor's own assignments, newest first",
        querystring: ZVendorAssignmentsQuerySchema,
        response: { 200: ZVendorAssignmentsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId, vendorKinds } = request.access;
      const result = await page(reply, () =>
        app.vendors.pageForVendor(userId, vendorKinds, request.query),
      );
      if (!result) return reply;
      return { rows: result.rows.map(toAssignment), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/assignments/:hash',
    {
      config: anyVendor,
      schema: {
        tags: ['vendor'],
        summary: 'One of the vendor’s assignments (another’s answers 404)',
        params: ZAssignmentHashParamsSchema,
        response: { 200: ZAssignmentSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const row = await app.vendors.assignmentOf(request.access.userId, request.params.hash);
      return row ? toAssignment(row) : notFound(reply);
    },
  );
};

export default vendorRoutes;
