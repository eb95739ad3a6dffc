import {
  ACTIVITY_LIMIT,
  MESSAGES,
  propertyStatus,
  streetAddressUnit,
  type TInvoiceStatus,
  type TOrderStatus,
  ZActivityResponseSchema,
  ZErrorResponseSchema,
  ZOverviewResponseSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import { BADGE_COLORS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recentActivity } from '../../../features/audit/activity/recent-activity.ts';

/** The overview page's data: every property with where it stands, and one property's activity. */
const overviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { orders } = app;

  app.get(
    '/overview',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The user's properties with their role, status and the invoice due first",
        response: { 200: ZOverviewResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => {
      const rows = await app.properties.listForUser(request.user.userId);
      const statuses = await orders.statusesFor(rows.map((r) => r.id));
      return {
        properties: rows.map((row) => {
          const mine = statuses.filter((s) => s.propertyId === row.id);
          const orderStatuses: TOrderStatus[] = mine.map((s) => s.orderStatus);
          const invoiceStatuses: TInvoiceStatus[] = mine.flatMap((s) =>
            s.invoiceStatus ? [s.invoiceStatus] : [],
          );
          return {
            hash: row.hash,
            streetAddress: streetAddressUnit(row.street, row.unit),
            role: row.role,
            badgeColor: BADGE_COLORS[row.role],
            visible: row.visible,
            status: propertyStatus(orderStatuses, invoiceStatuses),
            dueInvoice: mine.find((s) => s.invoiceStatus === 'open')?.invoiceHash ?? null,
          };
        }),
      };
    },
  );

  app.get(
    '/activity',
    {
      schema: {
        tags: ['dashboard'],
        summary: "A property's recent activity, newest first",
        querystring: ZPropertyQuerySchema,
        response: {
          200: ZActivityResponseSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.query.property);
      if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
      return {
        activity: await recentActivity(app.activity.sources, found.property.id, ACTIVITY_LIMIT),
      };
    },
  );
};

export default overviewRoutes;
