import {
  ZAdminOrderDetailSchema,
  ZAdminOrderParamsSchema,
  ZAdminOrdersPageSchema,
  ZAdminOrdersQuerySchema,
  ZCancelOrderRequestSchema,
  ZOrderNoteRequestSchema,
  ZPriceQuoteRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const view = { access: { staff: ['orders.view'] as const } };
const manage = { access: { staff: ['orders.manage'] as const } };

/** Order management (issue 21; docs/decisions/038-order-management.md). */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerDecisions(app);
  registerNotes(app);
};

const params = ZAdminOrderParamsSchema;
const answer = { 200: ZAdminOrderDetailSchema, ...ERRORS };

/** The orders and one of them. */
function registerReads(app: ZodApp) {
  const orders = app.adminOrders;

  app.get(
    '/orders',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'Every order with its property, customer, invoice and state, newest first',
        querystring: ZAdminOrdersQuerySchema,
        response: { 200: ZAdminOrdersPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => (await page(reply, () => orders.page(request.query))) ?? reply,
  );

  app.get(
    '/orders/:hash',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'One order, its notes and what staff may do with it now',
        params,
        response: answer,
      },
    },
    async (request, reply) => (await orders.detail(request.params.hash)) ?? notFound(reply),
  );
}

/** Quote, cancel or complete an order. */
function registerDecisions(app: ZodApp) {
  const orders = app.adminOrders;

  app.post(
    '/orders/:hash/quote',
    {
      config: { ...manage, audit: { action: 'order.quote' } },
      schema: {
        tags: ['admin'],
        summary: 'Price a quoted order: its invoice is issued and the customer told by mail',
        params,
        body: ZPriceQuoteRequestSchema,
        response: answer,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const outcome = await orders.quote(hash, request.body.priceCents);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'order', recordId: hash, ...outcome.value });
      return (await orders.detail(hash)) ?? notFound(reply);
    },
  );

  app.post(
    '/orders/:hash/cancel',
    {
      config: { ...manage, audit: { action: 'order.cancel' } },
      schema: {
        tags: ['admin'],
        summary: 'Cancel an order with nothing paid on it (an open invoice is voided)',
        params,
        body: ZCancelOrderRequestSchema,
        response: answer,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const outcome = await orders.cancel(hash, request.body.reason);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'order', recordId: hash, ...outcome.value });
      return (await orders.detail(hash)) ?? notFound(reply);
    },
  );

  app.post(
    '/orders/:hash/complete',
    {
      config: { ...manage, audit: { action: 'order.complete' } },
      schema: {
        tags: ['admin'],
        summary: 'Mark a confirmed (paid) order completed',
        params,
        response: answer,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const outcome = await orders.complete(hash);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'order', recordId: hash, ...outcome.value });
      return (await orders.detail(hash)) ?? notFound(reply);
    },
  );
}

/** Staff notes on an order. */
function registerNotes(app: ZodApp) {
  const orders = app.adminOrders;

  app.post(
    '/orders/:hash/notes',
    {
      config: { ...manage, audit: { action: 'order.note' } },
      schema: {
        tags: ['admin'],
        summary: 'Add a note for staff (never shown to the customer)',
        params,
        body: ZOrderNoteRequestSchema,
        response: answer,
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const outcome = await orders.addNote(hash, request.access.userId, request.body.body);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({ recordType: 'order', recordId: hash });
      return (await orders.detail(hash)) ?? notFound(reply);
    },
  );
}

export default orderRoutes;
