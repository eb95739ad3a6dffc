import { type TAdminSummary, ZAdminSummarySchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attentionFor } from '../../../features/staff/admin-attention.ts';
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
      }
      const attention = await attentionFor(can, s);
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
