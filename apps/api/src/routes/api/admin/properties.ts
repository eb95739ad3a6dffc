import {
  streetAddressUnit,
  ZAdminPropertiesPageSchema,
  ZAdminPropertiesQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, page } from '../../_shared/replies.ts';

/** Every property, for staff (issue 15: finding one to assign a vendor to). */
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
          participants: r.participants,
          createdAt: r.createdAt.toISOString(),
        })),
        nextCursor: result.nextCursor,
      };
    },
  );
};

export default propertyRoutes;
