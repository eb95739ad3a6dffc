import {
  MESSAGES,
  streetAddressUnit,
  ZErrorResponseSchema,
  ZPropertyHashSchema,
  ZPropertyRoleSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ZodApp } from '../../_shared/zod-app.ts';

const PREFIX = '/test-fixtures';

/**
 * Test-only routes (TEST_FIXTURES=true, refused in production) that let the browser tests make
 * properties and change them, publishing the same realtime events the real flows publish. They
 * act only for the signed-in user (the folder's sign-in hook) and on that user's properties.
 */
const testFixtures: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.testFixtures) return;
  registerProperties(app);
  registerChanges(app);
  registerListingAndErrors(app);
};

/** Make properties for the signed-in user. */
function registerProperties(app: ZodApp) {
  app.post(
    `${PREFIX}/properties`,
    {
      schema: {
        hide: true,
        body: z.object({
          street: z.string().min(1),
          unit: z.string().optional(),
          city: z.string().min(1),
          county: z.string().optional(),
          state: z.string().length(2),
          zip: z.string().min(5),
          role: ZPropertyRoleSchema,
          /** A position, as the geocoder would give (the public listing pages' maps). */
          lat: z.number().min(-90).max(90).optional(),
          lng: z.number().min(-180).max(180).optional(),
          /** How exactly the position places the home (valuations need street level). */
          precision: z.enum(['rooftop', 'street', 'zip', 'pin']).optional(),
        }),
        response: { 200: z.object({ hash: z.string() }) },
      },
    },
    async (request) => {
      const { role, unit, county, lat, lng, precision, ...address } = request.body;
      const { userId } = request.user;
      const property = await app.properties.create(userId, role, {
        ...address,
        unit: unit ?? null,
        county: county ?? null,
        locationType: 'address',
        lat: lat ?? null,
        lng: lng ?? null,
        positionPrecision: precision ?? null,
      });
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
      return { hash: property.hash };
    },
  );
}

/** Rename a property; change a participant's right to edit. */
function registerChanges(app: ZodApp) {
  app.post(
    `${PREFIX}/rename`,
    {
      schema: {
        hide: true,
        body: z.object({
          property: ZPropertyHashSchema,
          street: z.string().min(1),
          unit: z.string().optional(),
        }),
        response: { 200: z.object({ hash: z.string() }), 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { property, street, unit } = request.body;
      const found = await app.properties.findForUser(request.user.userId, property);
      if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
      const row = await app.properties.updateStreet(found.property.id, street, unit ?? null);
      if (!row) return reply.code(404).send({ message: MESSAGES.notFound });
      await app.realtime.publishToProperty(row.hash, {
        event: 'PropertyUpdated',
        data: { hash: row.hash, street_address_unit: streetAddressUnit(row.street, row.unit) },
      });
      return { hash: row.hash };
    },
  );

  // Turn this user's own can_edit off (or on) for a property: the read-only Update Property page.
  app.post(
    `${PREFIX}/can-edit`,
    {
      schema: {
        hide: true,
        body: z.object({ property: ZPropertyHashSchema, canEdit: z.boolean() }),
        response: { 200: z.object({ ok: z.literal(true) }), 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const found = await app.properties.findForUser(request.user.userId, request.body.property);
      if (!found) return reply.code(404).send({ message: MESSAGES.notFound });
      await app.participants.forceCanEdit(found.participant.id, request.body.canEdit);
      return { ok: true as const };
    },
  );

  // Issue 18: the property's MLS listing as it is once every owner has signed, for the review
  // tests (signing is its own flow; this only moves the listing into the review queue).
}

/** Submit a listing; make a page-load error. */
function registerListingAndErrors(app: ZodApp) {
  app.post(
    `${PREFIX}/submit-listing`,
    {
      schema: {
        hide: true,
        body: z.object({ property: ZPropertyHashSchema }),
        response: { 200: z.object({ hash: z.string() }), 404: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const opened = await app.mlsListingService.open(request.user.userId, request.body.property);
      if (!opened.ok) return reply.code(404).send({ message: MESSAGES.notFound });
      await app.listingReviewRepo.submitForTests(opened.ctx.row.listing.id, app.mlsListings.submit);
      return { hash: opened.ctx.row.listing.hash };
    },
  );

  app.post(
    `${PREFIX}/page-load-error`,
    {
      schema: {
        hide: true,
        body: z.object({ html: z.string().min(1) }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      reply.flashPageLoad(request.body.html);
      return { ok: true as const };
    },
  );
}

export default testFixtures;
