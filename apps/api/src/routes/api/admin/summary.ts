import { type TAdminSummary, ZAdminSummarySchema } from '@lantern/contracts';
import { ADMIN_ORDERS_PAGES, ADMIN_PAGES } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS } from '../../_shared/replies.ts';

/** The admin home (issue 15): today's figures and what needs a person, within the role. */
const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/summary',
    {
      config: { access: { staff: [] } },
      schema: {
        tags: ['admin'],
        summary: "Today's figures and the work waiting for a person, as far as the role may see",
        response: { 200: ZAdminSummarySchema, ...ERRORS },
      },
    },
    async (request) => {
      const can = (p: Parameters<typeof app.access.can>[1]) => app.access.can(request.access, p);
      const zone = app.config.businessTimeZone;
      const s = app.adminSummary;
      const figures: TAdminSummary['figures'] = [];
      const attention: TAdminSummary['attention'] = [];
      if (can('users.view'))
        figures.push({
          key: 'users',
          label: 'New accounts',
          value: await s.newUsers(zone),
          format: 'count',
        });
      if (can('properties.view'))
        figures.push({
          key: 'properties',
          label: 'New properties',
          value: await s.newProperties(zone),
          format: 'count',
        });
      if (can('orders.view')) {
        figures.push({
          key: 'orders',
          label: 'Orders',
          value: await s.newOrders(zone),
          format: 'count',
        });
        figures.push({
          key: 'revenue',
          label: 'Revenue (paid invoices)',
          value: await s.revenueCents(zone),
          format: 'cents',
        });
        attention.push({
          key: 'quotes',
          label: 'Orders waiting for a quote',
          count: await s.quotesWaiting(),
          href: `${ADMIN_ORDERS_PAGES.orders}?status=quote_requested`,
        });
      }
      if (can('messages.answer'))
        attention.push({
          key: 'messages',
          label: 'Conversations waiting for an answer',
          count: await s.unansweredThreads(),
          href: ADMIN_PAGES.messages,
        });
      if (can('jobs.view'))
        attention.push({
          key: 'jobs',
          label: 'Background jobs that failed',
          count: await s.failedJobs(),
          href: `${ADMIN_PAGES.jobs}?status=failed`,
        });
      if (attention.length)
        figures.push({
          key: 'open',
          label: 'Open work',
          value: attention.reduce((n, a) => n + a.count, 0),
          format: 'count',
        });
      const lockboxes = can('lockboxes.manage') ? await app.lockboxes.menu() : null;
      return { day: await s.today(zone), figures, attention, lockboxes };
    },
  );
};

export default summaryRoutes;
