import {
  ADD_PROPERTY_ERROR_BAG,
  MESSAGES,
  UPDATE_PROPERTY_ERROR_BAG,
  ZAddPropertyRequestSchema,
  ZErrorResponseSchema,
  ZPropertyAddressChangeSchema,
  ZV1PropertyListSchema,
  ZV1PropertyParamsSchema,
  ZV1PropertyResponseSchema,
  ZV1ServiceListSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { servicesForProperty } from '../../../features/properties/property-services.ts';
import {
  addProperty,
  propertyDetails,
  updatePropertyAddress,
} from '../../_shared/property-writes.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const tags = ['properties'];
const errors = { 401: ZErrorResponseSchema, 404: ZErrorResponseSchema };

/**
 * /api/v1/properties (issue 48): the token owner's properties as a resource. Adding and
 * changing one run the browser's own server functions (routes/_shared/property-writes.ts), so
 * the address is placed, checked and refused exactly as the Add Property form's is.
 */
const v1PropertyRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCollection(app);
  registerOne(app);
  registerServices(app);
};

/** The list, and adding one. */
function registerCollection(app: ZodApp) {
  app.get(
    '/properties',
    {
      schema: {
        tags,
        summary: 'Your properties',
        description: 'Every property you take part in, oldest first, with your role on each.',
        response: { 200: ZV1PropertyListSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request) => {
      const rows = await app.properties.detailsForUser(request.user.userId);
      return { properties: rows.map((row) => propertyDetails(row.property, row.participant)) };
    },
  );

  app.post(
    '/properties',
    {
      // The geocoder is an outside service: the property is written after it answers.
      config: { audit: { outside: true } },
      schema: {
        tags,
        summary: 'Add a property',
        description:
          'Adds a property with you as its first participant, in the role you give. The address is placed by the server (county, position) as the dashboard places it; an address you already have is refused with 422.',
        body: ZAddPropertyRequestSchema,
        response: {
          201: ZV1PropertyResponseSchema,
          401: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      addProperty(
        app,
        request,
        reply,
        { ...request.body, errorBag: ADD_PROPERTY_ERROR_BAG },
        (property) => {
          reply.code(201);
          const role = request.body.transactionRole;
          return { property: propertyDetails(property, { role, canEdit: true }) };
        },
      ),
  );
}

/** One property: read it, change its address. */
function registerOne(app: ZodApp) {
  app.get(
    '/properties/:hash',
    {
      schema: {
        tags,
        summary: 'A property',
        description: 'The property as stored, with your role and whether you may change it.',
        params: ZV1PropertyParamsSchema,
        response: { 200: ZV1PropertyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.params.hash);
      if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
      return { property: propertyDetails(found.property, found.participant) };
    },
  );

  app.patch(
    '/properties/:hash',
    {
      config: { audit: { outside: true } },
      schema: {
        tags,
        summary: "Change a property's address",
        description:
          'Only a participant who may edit the property may change it (403 otherwise). The address is placed again; another property of yours at the same address is refused with 422.',
        params: ZV1PropertyParamsSchema,
        body: ZPropertyAddressChangeSchema,
        response: {
          200: ZV1PropertyResponseSchema,
          403: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      updatePropertyAddress(app, request, reply, {
        ...request.body,
        hash: request.params.hash,
        errorBag: UPDATE_PROPERTY_ERROR_BAG,
      }),
  );
}

/** What the property offers you: the services you may order for it now. */
function registerServices(app: ZodApp) {
  app.get(
    '/properties/:hash/services',
    {
      config: { scope: 'orders:read' },
      schema: {
        tags: ['orders'],
        summary: 'The services you may order for a property',
        description:
          'The catalogue entries this property offers you now, by its state and county and your role on it; order one with `POST /api/v1/orders`.',
        params: ZV1PropertyParamsSchema,
        response: { 200: ZV1ServiceListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.params.hash);
      if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
      const { property, participant } = found;
      const offered = await servicesForProperty(
        app.products,
        app.config.siteName,
        { state: property.state, county: property.county, role: participant.role },
        (await app.valuation.unoffered(property)) === null,
      );
      const catalogue = await app.products.catalogue();
      return { services: catalogue.filter((product) => offered[product.slug] === true) };
    },
  );
}

export default v1PropertyRoutes;
