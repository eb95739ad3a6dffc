import {
  ZAddLockboxesRequestSchema,
  ZAddLockboxesResponseSchema,
  ZAdminLockboxRentalSchema,
  ZAdminLockboxSchema,
  ZLockboxesPageSchema,
  ZLockboxesQuerySchema,
  ZLockboxOrdersSchema,
  ZLockboxParamsSchema,
  ZLockboxRentalsPageSchema,
  ZLockboxRentalsQuerySchema,
  ZLockboxStateRequestSchema,
  ZRentLockboxRequestSchema,
  ZReturnLockboxRequestSchema,
  ZReturnLockboxResponseSchema,
} from '@lantern/contracts';
import type { Lockbox } from '@lantern/db';
import { todayUtc } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { lockboxView, rentalView } from '../../../features/lockboxes/lockboxes.ts';
import { commitDescribed } from '../../_shared/commit.ts';
import { wholeOrPage } from '../../_shared/paged-list.ts';
import { ERRORS, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const manage = { access: { staff: ['lockboxes.manage'] as const } };

/** What the activity log keeps of a lockbox. */
const audited = (l: Lockbox) => ({
  serial: l.serial,
  type: l.type,
  state: l.state,
  notes: l.notes,
});

/**
 * Lockboxes (issue 21): the inventory and the rentals, for staff with `lockboxes.manage`
 * (reading too: the inventory says where each box is, which only those who run them need).
 */
const lockboxRoutes: FastifyPluginAsyncZod = async (app) => {
  registerInventory(app);
  registerRentalReads(app);
  registerRentals(app);
};

/** The inventory: list, add, change a lockbox's state. */
function registerInventory(app: ZodApp) {
  const service = app.lockboxes;

  app.get(
    '/lockboxes',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary: 'The lockbox inventory by serial, filtered by state and type, searched by serial',
        querystring: ZLockboxesQuerySchema,
        response: { 200: ZLockboxesPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.lockboxRepo.page(request.query));
      if (!result) return reply;
      return {
        rows: result.rows.map((r) => lockboxView(r.lockbox, r.rental)),
        nextCursor: result.nextCursor,
      };
    },
  );

  app.post(
    '/lockboxes',
    {
      config: { ...manage, audit: { action: 'lockbox.add' } },
      schema: {
        tags: ['admin'],
        summary: 'Add lockboxes of one type to the inventory, in stock',
        body: ZAddLockboxesRequestSchema,
        response: { 201: ZAddLockboxesResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const made = await service.add(request.body);
      if (!made.ok) return refused(reply, made);
      for (const l of made.value)
        request.audit({ recordType: 'lockbox', recordId: l.hash, before: null, after: audited(l) });
      return reply.code(201).send({ lockboxes: made.value.map((l) => lockboxView(l, null)) });
    },
  );

  app.post(
    '/lockboxes/:hash/state',
    {
      config: { ...manage, audit: { action: 'lockbox.state' } },
      schema: {
        tags: ['admin'],
        summary: 'Mark a lockbox lost, found (in stock) or retired',
        params: ZLockboxParamsSchema,
        body: ZLockboxStateRequestSchema,
        response: { 200: ZAdminLockboxSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const changed = await service.changeState(request.params.hash, request.body);
      if (!changed.ok) return refused(reply, changed);
      const { before, after } = changed.value;
      request.audit({
        recordType: 'lockbox',
        recordId: after.hash,
        before: audited(before),
        after: audited(after),
      });
      return lockboxView(after, null);
    },
  );
}

/** The rentals and the orders that may need one. */
function registerRentalReads(app: ZodApp) {
  const service = app.lockboxes;

  app.get(
    '/lockboxes/rentals',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary:
          'Lockbox rentals (active, overdue, returned, forfeited) with the property, customer, order and invoice',
        querystring: ZLockboxRentalsQuerySchema,
        response: { 200: ZLockboxRentalsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const today = todayUtc();
      const result = await page(reply, () => app.lockboxRepo.rentalsPage(request.query, today));
      if (!result) return reply;
      return {
        rows: result.rows.map((r) => rentalView(r, today)),
        nextCursor: result.nextCursor,
      };
    },
  );

  app.get(
    '/lockboxes/orders',
    {
      config: { ...manage, pagedInDatabase: true },
      schema: {
        tags: ['admin'],
        summary: 'Paid lockbox rental orders with no lockbox out, oldest first',
        response: { 200: ZLockboxOrdersSchema, ...ERRORS },
      },
    },
    async (request) => ({
      orders: await wholeOrPage(
        request,
        () => service.waitingOrders(),
        (window) => service.pageWaitingOrders(window),
      ),
    }),
  );
}

/** Rent a lockbox out, take it back. */
function registerRentals(app: ZodApp) {
  const service = app.lockboxes;

  app.post(
    '/lockboxes/rentals',
    {
      config: { ...manage, audit: { action: 'lockbox.rent' } },
      schema: {
        tags: ['admin'],
        summary: 'Rent an in-stock lockbox out for a paid lockbox rental order (180 days)',
        body: ZRentLockboxRequestSchema,
        response: { 201: ZAdminLockboxRentalSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const made = await service.rentOut(request.access.userId, request.body);
      if (!made.ok) return refused(reply, made);
      const view = rentalView(made.value, todayUtc());
      request.audit({
        recordType: 'lockbox_rental',
        recordId: view.hash,
        before: null,
        after: {
          lockbox: view.lockbox.serial,
          order: view.order,
          property: view.property.hash,
          startDate: view.startDate,
          endDate: view.endDate,
          depositCents: view.depositCents,
        },
      });
      return reply.code(201).send(view);
    },
  );

  app.post(
    '/lockboxes/rentals/:hash/return',
    {
      config: { ...manage, audit: { action: 'lockbox.return', outside: true } },
      schema: {
        tags: ['admin'],
        summary:
          'Record a lockbox back in stock and refund its deposit in full (again, to retry a refund that failed)',
        params: ZLockboxParamsSchema,
        body: ZReturnLockboxRequestSchema,
        response: { 200: ZReturnLockboxResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      // Deposit refunds go through Stripe first; the return is then confirmed with its row.
      const done = await service.recordReturn(
        request.access.userId,
        request.params.hash,
        request.body,
        commitDescribed(request, reply, ({ row, recorded, refundedCents }) => {
          const view = rentalView(row, todayUtc());
          return {
            recordType: 'lockbox_rental',
            recordId: view.hash,
            before: recorded ? { returnedOn: null } : { returnedOn: view.returnedOn },
            after: {
              returnedOn: view.returnedOn,
              lockbox: view.lockbox.serial,
              refundedCents,
              depositRefundedCents: view.depositRefundedCents,
            },
          };
        }),
      );
      if (!done.ok) return refused(reply, done);
      const view = rentalView(done.value.row, todayUtc());
      return { rental: view, refundedCents: done.value.refundedCents };
    },
  );
}

export default lockboxRoutes;
