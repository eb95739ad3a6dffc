import {
  ZAssignWorkOrderRequestSchema,
  ZCreateWorkOrderRequestSchema,
  ZReviewWorkOrderRequestSchema,
  ZScheduleWorkOrderRequestSchema,
  ZWorkOrderAssigneesSchema,
  ZWorkOrderDetailSchema,
  ZWorkOrderMoveRequestSchema,
  ZWorkOrderOrdersQuerySchema,
  ZWorkOrderOrdersSchema,
  ZWorkOrderParamsSchema,
  ZWorkOrderPhotoUploadResponseSchema,
  ZWorkOrderSchema,
  ZWorkOrdersPageSchema,
  ZWorkOrdersQuerySchema,
} from '@lantern/contracts';
import type { WorkOrder } from '@lantern/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import { fileParts, registerProofPhotoParts } from '../../_shared/work-order-photos.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const manage = { access: { staff: ['workorders.manage'] as const } };

/** What the activity log keeps of a work order. */
const audited = (w: WorkOrder) => ({
  kind: w.kind,
  state: w.state,
  scheduledDay: w.scheduledDay,
  assigneeId: w.assigneeId,
  failureReason: w.failureReason,
  proofReview: w.proofReview,
});

/**
 * Work orders (issue 21): trips to properties for orders, for staff with `workorders.manage`.
 * Each change is made under the work order's row lock in the service, audited here.
 */
const workOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerProofPhotoParts(app);
  registerReads(app);
  registerCreate(app);
  registerPlanning(app);
  registerProgress(app);
  registerPhotos(app);
};

/** Answer the work order as it is now, after a change. */
async function current(app: ZodApp, hash: string) {
  const row = await app.workOrderRepo.find(hash);
  return row ? app.workOrders.detail(row) : undefined;
}

type Changed = Awaited<ReturnType<ZodApp['workOrders']['schedule']>>;
/** Audit a change (and the removal an install created), then answer the work order now. */
async function answer(
  app: ZodApp,
  request: FastifyRequest,
  reply: FastifyReply,
  hash: string,
  done: Changed,
) {
  if (!done.ok) return refused(reply, done);
  request.audit({
    recordType: 'work_order',
    recordId: done.value.after.hash,
    before: audited(done.value.before),
    after: audited(done.value.after),
  });
  if (done.value.tripCharge)
    request.audit({
      action: 'invoice.trip_charge',
      recordType: 'invoice',
      recordId: done.value.tripCharge,
      before: null,
      after: { kind: 'trip_charge', workOrder: done.value.after.hash },
    });
  if (done.value.removal)
    request.audit({
      action: 'work_order.create',
      recordType: 'work_order',
      recordId: done.value.removal,
      before: null,
      after: { kind: 'sign_post_removal', state: 'requested', install: done.value.after.hash },
    });
  return (await current(app, hash)) ?? notFound(reply);
}

const changeSchema = {
  tags: ['admin'],
  params: ZWorkOrderParamsSchema,
  response: { 200: ZWorkOrderDetailSchema, ...ERRORS },
};

/** The list, the orders that may need a trip, who may take one, one work order. */
function registerReads(app: ZodApp) {
  const service = app.workOrders;

  app.get(
    '/work-orders',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary:
          'Work orders, filtered by state, kind and assignee (a hash or none), searched by address or customer',
        querystring: ZWorkOrdersQuerySchema,
        response: { 200: ZWorkOrdersPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.workOrderRepo.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(service.view), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/work-orders/orders',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary:
          'Orders that may need a trip (sign posts, signs, lockbox rentals, photography), searched',
        querystring: ZWorkOrderOrdersQuerySchema,
        response: { 200: ZWorkOrderOrdersSchema, ...ERRORS },
      },
    },
    async (request) => ({ orders: await service.tripOrders(request.query.search) }),
  );

  app.get(
    '/work-orders/assignees',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary: 'Who may be given work orders: staff and field vendors',
        response: { 200: ZWorkOrderAssigneesSchema, ...ERRORS },
      },
    },
    async () => ({ assignees: await service.assignees() }),
  );

  app.get(
    '/work-orders/:hash',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary: 'One work order with its history',
        params: ZWorkOrderParamsSchema,
        response: { 200: ZWorkOrderDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => (await current(app, request.params.hash)) ?? notFound(reply),
  );
}

/** Create a work order for an order. */
function registerCreate(app: ZodApp) {
  const service = app.workOrders;

  app.post(
    '/work-orders',
    {
      config: { ...manage, audit: { action: 'work_order.create' } },
      schema: {
        tags: ['admin'],
        summary: 'Create a work order (requested) for an order whose product needs that trip',
        body: ZCreateWorkOrderRequestSchema,
        response: { 201: ZWorkOrderSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const made = await service.create(request.access.userId, request.body);
      if (!made.ok) return refused(reply, made);
      request.audit({
        recordType: 'work_order',
        recordId: made.value.wo.hash,
        before: null,
        after: { ...audited(made.value.wo), order: made.value.orderHash },
      });
      return reply.code(201).send(service.view(made.value));
    },
  );
}

/** Schedule and assign a trip. */
function registerPlanning(app: ZodApp) {
  const service = app.workOrders;

  app.post(
    '/work-orders/:hash/schedule',
    {
      config: { ...manage, audit: { action: 'work_order.schedule' } },
      schema: {
        ...changeSchema,
        summary:
          'Schedule (or move) the trip to a business day no earlier than the 2 pm cutoff allows',
        body: ZScheduleWorkOrderRequestSchema,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      return answer(
        app,
        request,
        reply,
        hash,
        await service.schedule(request.access.userId, hash, request.body),
      );
    },
  );

  app.post(
    '/work-orders/:hash/assign',
    {
      config: { ...manage, audit: { action: 'work_order.assign' } },
      schema: {
        ...changeSchema,
        summary: 'Give the work order to a staff member or field vendor, or take it back (null)',
        body: ZAssignWorkOrderRequestSchema,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      return answer(
        app,
        request,
        reply,
        hash,
        await service.assign(request.access.userId, hash, request.body),
      );
    },
  );
}

/** Move the trip along: its state, the proof review, the trip charge of a failed one. */
function registerProgress(app: ZodApp) {
  const service = app.workOrders;

  app.post(
    '/work-orders/:hash/state',
    {
      config: { ...manage, audit: { action: 'work_order.state' } },
      schema: {
        ...changeSchema,
        summary:
          'Move the work order: en route, done, failed (with a reason) or cancelled, when legal',
        body: ZWorkOrderMoveRequestSchema,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      return answer(
        app,
        request,
        reply,
        hash,
        await service.move(request.access.userId, hash, request.body),
      );
    },
  );

  app.post(
    '/work-orders/:hash/review',
    {
      config: { ...manage, audit: { action: 'work_order.review' } },
      schema: {
        ...changeSchema,
        summary:
          'Approve the proof photos of a done trip, or reject them with the reason (the trip becomes failed)',
        body: ZReviewWorkOrderRequestSchema,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      return answer(
        app,
        request,
        reply,
        hash,
        await service.review(request.access.userId, hash, request.body),
      );
    },
  );

  app.post(
    '/work-orders/:hash/trip-charge',
    {
      config: { ...manage, audit: { action: 'work_order.trip_charge' } },
      schema: {
        ...changeSchema,
        summary:
          'Bill the $50 trip charge (plus the state’s tax) of a failed trip as a new invoice on the same order; one per work order',
        body: z.object({}).optional(),
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      return answer(
        app,
        request,
        reply,
        hash,
        await service.addTripCharge(request.access.userId, hash),
      );
    },
  );
}

/** Proof photos added by staff doing the trip. */
function registerPhotos(app: ZodApp) {
  const service = app.workOrders;

  app.post(
    '/work-orders/:hash/photos',
    {
      // Storage is an outside service: the files are stored before the unit of work opens.
      config: { ...manage, audit: { action: 'work_order.photos', outside: true } },
      schema: {
        tags: ['admin'],
        summary:
          'Add proof photos as staff doing the trip (multipart `files` parts; up to 8 in all, while en route)',
        params: ZWorkOrderParamsSchema,
        response: { 200: ZWorkOrderPhotoUploadResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const row = await app.workOrderRepo.find(request.params.hash);
      if (!row) return notFound(reply);
      const done = await service.uploadPhotos(row, request.access.userId, fileParts(request), {
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
}

export default workOrderRoutes;
