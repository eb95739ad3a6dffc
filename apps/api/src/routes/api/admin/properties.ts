import {
  streetAddressUnit,
  USER_RECORDS_LIMIT,
  ZAdminPropertiesPageSchema,
  ZAdminPropertiesQuerySchema,
  ZAdminPropertyDetailSchema,
  ZAdminPropertyHashParamsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound, page } from '../../_shared/replies.ts';

/** Every property, for staff (issue 15: finding one to assign a vendor to; issue 20: one property). */
const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/properties',
    {
      config: { access: { staff: ['properties.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'Every property, a keyset page at a time, searchable by address or parcel',
        querystring: ZAdminPropertiesQuerySchema,
        response: { 200: ZAdminPropertiesPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.adminProperties.page(request.query));
      if (!result) return reply;
      return {
        rows: result.rows.map((r) => ({
          hash: r.hash,
          address: `${streetAddressUnit(r.street, r.unit)}, ${r.city}, ${r.state} ${r.zip}`,
          county: r.county,
          placed: r.placed,
          participants: r.participants,
          createdAt: r.createdAt.toISOString(),
        })),
        nextCursor: result.nextCursor,
      };
    },
  );

  app.get(
    '/properties/:hash',
    {
      config: { access: { staff: ['properties.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'One property: participants; orders with orders.view; history with activity.view',
        params: ZAdminPropertyHashParamsSchema,
        response: { 200: ZAdminPropertyDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const p = await app.adminProperties.byHash(request.params.hash);
      if (!p) return notFound(reply);
      const can = (perm: 'orders.view' | 'activity.view') => app.access.can(request.access, perm);
      const [participants, orders, history] = await Promise.all([
        app.adminProperties.participantsOf(p.id),
        can('orders.view') ? app.adminProperties.ordersOf(p.id, USER_RECORDS_LIMIT) : null,
        can('activity.view') ? app.adminProperties.historyOf(p.hash, USER_RECORDS_LIMIT) : null,
      ]);
      return {
        hash: p.hash,
        address: `${streetAddressUnit(p.street, p.unit)}, ${p.city}, ${p.state} ${p.zip}`,
        county: p.county,
        apn: p.apn,
        createdAt: p.createdAt.toISOString(),
        participants: participants.map((x) => ({
          user: { hash: x.userHash, email: x.email },
          role: x.role,
          canEdit: x.canEdit,
          visible: x.visible,
          since: x.since.toISOString(),
        })),
        orders: orders?.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })) ?? null,
        history: history?.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })) ?? null,
      };
    },
  );
};

export default propertyRoutes;
