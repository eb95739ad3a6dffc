import {
  MESSAGES,
  streetAddressUnit,
  type TAddPropertyParsed,
  type TPropertyDetails,
  UPDATE_PROPERTY_MESSAGES,
  ZStoredPlaceJsonSchema,
} from '@lantern/contracts';
import type { Property } from '@lantern/db';
import type { TPropertyRole } from '@lantern/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIMITS } from '../../features/auth/throttle/limits.ts';
import { addressColumns, duplicateProperty, keepStoredPin } from './property-address.ts';
import type { ZodApp } from './zod-app.ts';

type Address = Pick<TAddPropertyParsed, 'propertyLocation' | 'propertyAddress'>;

/** A property as stored, for a participant with this role and right to edit (spec 3). */
export function propertyDetails(
  p: Property,
  participant: { role: TPropertyRole; canEdit: boolean },
): TPropertyDetails {
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
}

/**
 * Add a property for the signed-in user, the one path of the browser's POST /user/add-property
 * and v1's POST /properties (issue 48): the throttle, the server's own placing of the address,
 * the duplicate refusal (422 on `errorBag`), and the announcement to the user's other tabs.
 * `respond` shapes the created property into each route's answer.
 */
export async function addProperty<T>(
  app: ZodApp,
  request: FastifyRequest,
  reply: FastifyReply,
  input: TAddPropertyParsed & { errorBag: string },
  respond: (property: Property) => T,
): Promise<T | FastifyReply> {
  const { userId } = request.user;
  if (!(await app.throttle.take(reply, LIMITS.newProperties, userId))) return reply;
  const { propertyLocation, transactionRole: role, propertyAddress: a } = input;
  const columns = await addressColumns(app.propertyPlacer, propertyLocation, a);
  return request.inUnitOfWork(
    async () => {
      const outcome = await app.propertyWriter.addForUser(userId, role, columns);
      if (!outcome.ok) {
        return reply.code(422).send(duplicateProperty(propertyLocation, input.errorBag));
      }
      const { property } = outcome;
      // The property exists now: a failed notification must not turn that into an error the
      // person would answer by submitting again (and meeting the duplicate check).
      try {
        await app.currentUser.changed(userId);
        const user = await app.currentUser.get(userId);
        if (user) {
          await app.realtime.publishToUser(user.hash, {
            event: 'PropertyUserCreated',
            data: {
              hash: property.hash,
              street_address_unit: streetAddressUnit(property.street, property.unit),
              role,
            },
          });
        }
      } catch (err) {
        request.log.error({ err }, 'property created, but announcing it failed');
      }
      return respond(property);
    },
    () => reply.statusCode,
  );
}

/**
 * Change a property's address, the one path of the browser's POST /api/dashboard/update-property
 * and v1's PATCH /properties/{hash}: only a participant with can_edit may; the server places the
 * address again, keeps an unchanged pin, refuses a duplicate and renames the property live for
 * every participant (PropertyUpdated on property.{hash}).
 */
export async function updatePropertyAddress(
  app: ZodApp,
  request: FastifyRequest,
  reply: FastifyReply,
  input: Address & { hash: string; errorBag: string },
): Promise<{ property: TPropertyDetails } | FastifyReply> {
  const { userId } = request.user;
  const { propertyLocation, propertyAddress: a } = input;
  const found = await app.properties.findForUser(userId, input.hash);
  if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
  if (!found.participant.canEdit)
    return reply.code(403).send({ message: UPDATE_PROPERTY_MESSAGES.readOnly });

  const placed = await addressColumns(app.propertyPlacer, propertyLocation, a);
  return request.inUnitOfWork(
    async () => {
      const change = keepStoredPin(found.property, placed, a.placeData?.pin === true);
      const outcome = await app.propertyUpdater.updateAddress(userId, found.property.id, change);
      if (!outcome.ok) {
        return reply.code(422).send(duplicateProperty(propertyLocation, input.errorBag));
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
      return { property: propertyDetails(property, found.participant) };
    },
    () => reply.statusCode,
  );
}
