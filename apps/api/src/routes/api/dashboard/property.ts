import {
  MESSAGES,
  UPDATE_PROPERTY_ERROR_BAG,
  ZErrorResponseSchema,
  ZPropertyDetailsResponseSchema,
  ZPropertyQuerySchema,
  ZUpdatePropertyRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { propertyDetails, updatePropertyAddress } from '../../_shared/property-writes.ts';

/**
 * The Update Property page's data: the property as stored (spec 3) and the address change,
 * which only participants with can_edit may make and which renames the property live for
 * every participant (PropertyUpdated on property.{hash}).
 */
const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/property',
    {
      schema: {
        tags: ['properties'],
        summary: 'A property as stored, with whether this user may edit it',
        querystring: ZPropertyQuerySchema,
        response: {
          200: ZPropertyDetailsResponseSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.query.property);
      if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
      return { property: propertyDetails(found.property, found.participant) };
    },
  );

  app.post(
    '/update-property',
    {
      // The geocoder is an outside service: the change is written after it answers.
      config: { errorBag: UPDATE_PROPERTY_ERROR_BAG, audit: { outside: true } },
      schema: {
        tags: ['properties'],
        summary: "Change a property's address; publishes PropertyUpdated",
        body: ZUpdatePropertyRequestSchema,
        response: {
          200: ZPropertyDetailsResponseSchema,
          401: ZErrorResponseSchema,
          403: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { property: hash, ...address } = request.body;
      return updatePropertyAddress(app, request, reply, {
        ...address,
        hash,
        errorBag: UPDATE_PROPERTY_ERROR_BAG,
      });
    },
  );
};

export default propertyRoutes;
