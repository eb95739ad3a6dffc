import {
  ZVendorWorkOrderMoveRequestSchema,
  ZVendorWorkOrderSchema,
  ZVendorWorkOrdersPageSchema,
  ZVendorWorkOrdersQuerySchema,
  ZWorkOrderParamsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';

const field = { access: { vendor: ['field'] as const } };

/**
 * A field vendor's own work orders (issue 21): only those assigned to them — another's answers
 * 404 — and the moves that are theirs: on the way, done, or failed with a reason.
 */
const vendorWorkOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.workOrders;

  app.get(
    '/work-orders',
    {
      config: field,
      schema: {
        tags: ['vendor'],
        summary: "The field vendor's own work orders, by scheduled day",
        querystring: ZVendorWorkOrdersQuerySchema,
        response: { 200: ZVendorWorkOrdersPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () =>
        app.workOrderRepo.pageForAssignee(request.access.userId, request.query),
      );
      if (!result) return reply;
      return { rows: result.rows.map(service.vendorView), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/work-orders/:hash',
    {
      config: field,
      schema: {
        tags: ['vendor'],
        summary: 'One of the field vendor’s work orders (another’s answers 404)',
        params: ZWorkOrderParamsSchema,
        response: { 200: ZVendorWorkOrderSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const row = await app.workOrderRepo.findForAssignee(
        request.access.userId,
        request.params.hash,
      );
      return row ? service.vendorView(row) : notFound(reply);
    },
  );

  app.post(
    '/work-orders/:hash/state',
    {
      config: { ...field, audit: { action: 'work_order.state' } },
      schema: {
        tags: ['vendor'],
        summary: 'Mark one’s own work order en route, done, or failed with a reason',
        params: ZWorkOrderParamsSchema,
        body: ZVendorWorkOrderMoveRequestSchema,
        response: { 200: ZVendorWorkOrderSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const done = await service.move(userId, request.params.hash, request.body, {
        assigneeId: userId,
      });
      if (!done.ok) return refused(reply, done);
      const { before, after } = done.value;
      request.audit({
        recordType: 'work_order',
        recordId: after.hash,
        before: { state: before.state, failureReason: before.failureReason },
        after: { state: after.state, failureReason: after.failureReason },
      });
      const row = await app.workOrderRepo.findForAssignee(userId, after.hash);
      return row ? service.vendorView(row) : notFound(reply);
    },
  );
};

export default vendorWorkOrderRoutes;
