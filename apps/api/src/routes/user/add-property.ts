import {
  ADD_PROPERTY_ERROR_BAG,
  streetAddressUnit,
  ZAddPropertyRequestSchema,
  ZAddPropertyResponseSchema,
  ZErrorResponseSchema,
} from '@lantern/contracts';
import { BADGE_COLORS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import { addressColumns, duplicateProperty } from '../_shared/property-address.ts';

/**
 * POST /user/add-property (spec section 7). The body schema repeats every rule the form runs
 * (shapes, then '{label} is required' and the role), strips markup, and answers 422 with the
 * userAddProperty error bag; a property the user already has is refused the same way.
 */
const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const writer = app.propertyWriter;

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
    async (request, reply) => {
      const { userId } = request.user;
      if (!(await app.throttle.take(reply, LIMITS.newProperties, userId))) return reply;
      const { propertyLocation, transactionRole: role, propertyAddress: a } = request.body;
      const input = await addressColumns(app.propertyPlacer, propertyLocation, a);
      return request.inUnitOfWork(
        async () => {
          const outcome = await writer.addForUser(userId, role, input);
          if (!outcome.ok) {
            return reply
              .code(422)
              .send(duplicateProperty(propertyLocation, ADD_PROPERTY_ERROR_BAG));
          }
          const { property } = outcome;
          const streetAddress = streetAddressUnit(property.street, property.unit);
          // The property exists now: a failed notification must not turn that into an error the
          // person would answer by submitting again (and meeting the duplicate check).
          try {
            await app.currentUser.changed(userId);
            const user = await app.currentUser.get(userId);
            if (user) {
              await app.realtime.publishToUser(user.hash, {
                event: 'PropertyUserCreated',
                data: { hash: property.hash, street_address_unit: streetAddress, role },
              });
            }
          } catch (err) {
            request.log.error({ err }, 'property created, but announcing it failed');
          }
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
        () => reply.statusCode,
      );
    },
  );
};

export default userRoutes;
