import {
  MESSAGES,
  ZErrorResponseSchema,
  ZV1OrderListSchema,
  ZV1OrderParamsSchema,
  ZV1OrderResponseSchema,
  ZV1OrdersQuerySchema,
  ZV1PlaceOrderRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderView, placeOrder, propertyOrders } from '../../_shared/orders.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const tags = ['orders'];

/**
 * /api/v1/orders (issue 48): a property's orders, one order, and ordering a service. Ordering
 * runs the dashboard's own server function (routes/_shared/orders.ts): the same offer, coupon,
 * MLS board and duplicate rules, the order and its invoice in one transaction.
 */
const v1OrderRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Order a service for a property',
        description:
          'Only a participant who may edit the property may order (403 otherwise), and only a service the property offers you (`GET /api/v1/properties/{hash}/services`; 422 otherwise). The order and its invoice are made in one transaction; a free service is confirmed at once.',
        body: ZV1PlaceOrderRequestSchema,
        response: {
          201: ZV1OrderResponseSchema,
          401: ZErrorResponseSchema,
          403: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => placeOrder(app, request, reply, request.body),
  );
};

function registerReads(app: ZodApp) {
  app.get(
    '/orders',
    {
      config: { pagedInDatabase: true },
      schema: {
        tags,
        summary: "A property's orders",
        description: 'The orders of the property `property` names, newest first.',
        querystring: ZV1OrdersQuerySchema,
        response: {
          200: ZV1OrderListSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => propertyOrders(app, request, reply, request.query.property),
  );

  app.get(
    '/orders/:hash',
    {
      schema: {
        tags,
        summary: 'An order',
        description: 'One order of a property you take part in.',
        params: ZV1OrderParamsSchema,
        response: {
          200: ZV1OrderResponseSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await app.orders.findForUser(request.user.userId, request.params.hash);
      if (!row) return reply.code(404).send({ message: MESSAGES.notFound });
      return { order: orderView(row) };
    },
  );
}

export default v1OrderRoutes;
