import {
  MESSAGES,
  streetAddressUnit,
  type TPropertyDetails,
  UPDATE_PROPERTY_ERROR_BAG,
  UPDATE_PROPERTY_MESSAGES,
  ZErrorResponseSchema,
  ZPropertyDetailsResponseSchema,
  ZPropertyQuerySchema,
  ZStoredPlaceJsonSchema,
  ZUpdatePropertyRequestSchema,
} from '@lantern/contracts';
import type { Property, PropertyParticipant } from '@lantern/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addressColumns,
  duplicateProperty,
  keepStoredPin,
} from '../../_shared/property-address.ts';

const details = (p: Property, participant: PropertyParticipant): TPropertyDetails => {
  const json = ZStoredPlaceJsonSchema.safeParse(p.addressJson);
  return {
    hash: p.hash,
    propertyLocation: p.locationType,
    role: participant.role,
    apn: p.apn,
    street: p.street,
    unit: p.unit,
    city: p.city,
    county: p.county,
    state: p.state,
    zipCode: p.zip,
    lat: p.lat,
    lng: p.lng,
    positionPrecision: p.positionPrecision,
    address_json: json.success ? json.data : null,
    can_edit: participant.canEdit,
    createdAt: p.createdAt.toISOString(),
  };
};

/**
 * The Update Property page's data: the property as stored (spec 3) and the address change,
 * which only participants with can_edit may make and which renames the property live for
 * every participant (PropertyUpdated on property.{hash}).
 */
const propertyRoutes: FastifyPluginAsyncZod = async (app) => {
  const updater = app.propertyUpdater;

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
      return { property: details(found.property, found.participant) };
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
      const { userId } = request.user;
      const { property: hash, propertyLocation, propertyAddress: a } = request.body;
      const found = await app.properties.findForUser(userId, hash);
      if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
      if (!found.participant.canEdit)
        return reply.code(403).send({ message: UPDATE_PROPERTY_MESSAGES.readOnly });

      const placed = await addressColumns(app.propertyPlacer, propertyLocation, a);
      return request.inUnitOfWork(
        async () => {
          const change = keepStoredPin(found.property, placed, a.placeData?.pin === true);
          const outcome = await updater.updateAddress(userId, found.property.id, change);
          if (!outcome.ok) {
            return reply
              .code(422)
              .send(duplicateProperty(propertyLocation, UPDATE_PROPERTY_ERROR_BAG));
          }
          const { property } = outcome;
          // Saved: a failed announcement must not read as a failed save.
          try {
            await app.realtime.publishToProperty(property.hash, {
              event: 'PropertyUpdated',
              data: {
                hash: property.hash,
                street_address_unit: streetAddressUnit(property.street, property.unit),
              },
            });
          } catch (err) {
            request.log.error({ err }, 'property updated, but announcing it failed');
          }
          return { property: details(property, found.participant) };
        },
        () => reply.statusCode,
      );
    },
  );
};

export default propertyRoutes;
