import {
  MESSAGES,
  streetAddressUnit,
  ZErrorResponseSchema,
  ZProductCatalogueResponseSchema,
  ZPropertyQuerySchema,
  ZPropertyVisibilityRequestSchema,
  ZPropertyVisibilityResponseSchema,
  ZServicesForPropertyResponseSchema,
  ZUserPropertiesResponseSchema,
} from '@lantern/contracts';
import { BADGE_COLORS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { servicesForProperty } from '../../../features/properties/property-services.ts';

const errors = { 401: ZErrorResponseSchema, 404: ZErrorResponseSchema };

/**
 * The dashboard's data (spec section 7). Every property is looked up through the signed-in
 * user, so another user's hash and a made-up one both answer the same 404.
 */
const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user-properties',
    {
      schema: {
        tags: ['dashboard'],
        summary: "The signed-in user's properties for the property menu",
        response: { 200: ZUserPropertiesResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => {
      const rows = await app.properties.listForUser(request.user.userId);
      return {
        properties: rows.map((row) => ({
          hash: row.hash,
          streetAddress: streetAddressUnit(row.street, row.unit),
          role: row.role,
          badgeColor: BADGE_COLORS[row.role],
          visible: row.visible,
        })),
      };
    },
  );

  app.get(
    '/services-for-property',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Which services the property offers this user, keyed by service slug',
        querystring: ZPropertyQuerySchema,
        response: { 200: ZServicesForPropertyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.query.property);
      if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
      return servicesForProperty(
        app.products,
        app.config.siteName,
        {
          state: found.property.state,
          county: found.property.county,
          role: found.participant.role,
        },
        (await app.valuation.unoffered(found.property)) === null,
      );
    },
  );

  app.post(
    '/property-visibility',
    {
      schema: {
        tags: ['dashboard'],
        summary: "Hide or show a property in the signed-in user's property menu",
        body: ZPropertyVisibilityRequestSchema,
        response: { 200: ZPropertyVisibilityResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { property, visible } = request.body;
      const ok = await app.properties.setVisible(request.user.userId, property, visible);
      if (!ok) return reply.code(404).send({ message: MESSAGES.notFound });
      return { hash: property, visible };
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The services catalogue: names, prices and descriptions',
        response: { 200: ZProductCatalogueResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async () => ({ products: await app.products.catalogue() }),
  );
};

export default dashboardRoutes;
