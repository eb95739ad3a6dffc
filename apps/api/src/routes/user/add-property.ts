import {
  ADD_PROPERTY_ERROR_BAG,
  streetAddressUnit,
  ZAddPropertyRequestSchema,
  ZAddPropertyResponseSchema,
  ZErrorResponseSchema,
} from '@lantern/contracts';
import { BADGE_COLORS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addProperty } from '../_shared/property-writes.ts';

/**
 * POST /user/add-property (spec section 7). The body schema repeats every rule the form runs
 * (shapes, then '{label} is required' and the role), strips markup, and answers 422 with the
 * userAddProperty error bag; a property the user already has is refused the same way.
 */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add-property',
    {
      // The geocoder is an outside service: the property is written after it answers.
      config: { errorBag: ADD_PROPERTY_ERROR_BAG, audit: { outside: true } },
      schema: {
        tags: ['properties'],
        summary: 'Add a property with the signed-in user as its first participant',
        body: ZAddPropertyRequestSchema,
        response: {
          200: ZAddPropertyResponseSchema,
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
          const role = request.body.transactionRole;
          const streetAddress = streetAddressUnit(property.street, property.unit);
          return {
            property: {
              hash: property.hash,
              streetAddress,
              role,
              badgeColor: BADGE_COLORS[role],
              visible: true,
            },
          };
        },
      ),
  );
};

export default userRoutes;
