import {
  MESSAGES,
  ZErrorResponseSchema,
  ZMlsBoardChoicesSchema,
  ZOrderListResponseSchema,
  ZPlaceOrderRequestSchema,
  ZPlaceOrderResponseSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { boardChoices } from '../../../rules/mls-boards.ts';
import { placeOrder, propertyOrders } from '../../_shared/orders.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

/**
 * Ordering a service for a property (issue 6; docs/decisions/010-orders-and-invoices.md).
 * Participants with can_edit may order what the property offers them; everyone else on the
 * property gets 403, anyone else 404.
 */
const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerPlace(app);
};

/** The property's orders and the MLS boards covering it. */
function registerReads(app: ZodApp) {
  const repo = app.orders;

  app.get(
    '/orders',
    {
      config: { pagedInDatabase: true },
      schema: {
        tags: ['orders'],
        summary: "A property's orders, newest first",
        querystring: ZPropertyQuerySchema,
        response: {
          200: ZOrderListResponseSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => propertyOrders(app, request, reply, request.query.property),
  );

  app.get(
    '/orders/mls-boards',
    {
      schema: {
        tags: ['orders'],
        summary:
          "The MLS boards covering the property's county, which it is listed on, and whether another can be added",
        querystring: ZPropertyQuerySchema,
        response: {
          200: ZMlsBoardChoicesSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.query.property);
      if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
      const { property } = found;
      const covering = await app.mlsListings.boardsFor(property.state, property.county);
      return boardChoices(covering, await repo.heldBoards(property.id));
    },
  );
}

/** Order a service for a property. */
function registerPlace(app: ZodApp) {
  app.post(
    '/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Order a service for a property: the order and its invoice in one transaction',
        body: ZPlaceOrderRequestSchema,
        response: {
          201: ZPlaceOrderResponseSchema,
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
}

export default orderRoutes;
