import {
  ZVendorWorkOrderDetailSchema,
  ZVendorWorkOrderMoveRequestSchema,
  ZVendorWorkOrdersPageSchema,
  ZVendorWorkOrdersQuerySchema,
  ZWorkOrderParamsSchema,
  ZWorkOrderPhotoUploadResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import { fileParts, registerProofPhotoParts } from '../../_shared/work-order-photos.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const field = { access: { vendor: ['field'] as const } };

/**
 * A field vendor's own work orders (issue 21): only those assigned to them — another's answers
 * 404 — and the moves that are theirs: on the way, done, or failed with a reason.
 */
const vendorWorkOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerProofPhotoParts(app);
  registerReads(app);
  registerTrip(app);
};

/** One's own work order with its proof photos. */
async function detailFor(app: ZodApp, userId: number, hash: string) {
  const row = await app.workOrderRepo.findForAssignee(userId, hash);
  return row
    ? { ...app.workOrders.vendorView(row), photos: await app.workOrders.photosOf(row) }
    : undefined;
}

/** One's work orders and one of them. */
function registerReads(app: ZodApp) {
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
        summary:
          'One of the field vendor’s work orders with its proof photos (another’s answers 404)',
        params: ZWorkOrderParamsSchema,
        response: { 200: ZVendorWorkOrderDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await detailFor(app, request.access.userId, request.params.hash)) ?? notFound(reply),
  );
}

/** Proof photos and moving the trip along. */
function registerTrip(app: ZodApp) {
  const service = app.workOrders;

  app.post(
    '/work-orders/:hash/photos',
    {
      config: { ...field, audit: { action: 'work_order.photos', outside: true } },
      schema: {
        tags: ['vendor'],
        summary:
          'Add proof photos of the work (multipart `files` parts; up to 8 in all, while en route); each answered stored or refused',
        params: ZWorkOrderParamsSchema,
        response: { 200: ZWorkOrderPhotoUploadResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const row = await app.workOrderRepo.findForAssignee(userId, request.params.hash);
      if (!row) return notFound(reply);
      const done = await service.uploadPhotos(row, userId, fileParts(request), {
        commit: request.commit,
        onAdded: (names) =>
          request.audit({
            recordType: 'work_order',
            recordId: row.wo.hash,
            before: null,
            after: { photos: names },
          }),
      });
      if (!done.ok) return refused(reply, done);
      return { files: done.value, photos: await service.photosOf(row) };
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
        response: { 200: ZVendorWorkOrderDetailSchema, ...ERRORS },
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
      return (await detailFor(app, userId, after.hash)) ?? notFound(reply);
    },
  );
}

export default vendorWorkOrderRoutes;
