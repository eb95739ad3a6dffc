import { ZPhotographerAvailabilitySchema, ZPhotographerHoursSchema } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound } from '../../_shared/replies.ts';

const field = { access: { vendor: ['field'] as const } };

/**
 * A field vendor's own photography hours (decision 046): the states they go to, weekly hours
 * and days off, from which customers book photography visits. Only their own.
 */
const photographyHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/photography-hours',
    {
      config: field,
      schema: {
        tags: ['vendor'],
        summary: 'The field vendor’s own photography hours (empty until they set them)',
        response: { 200: ZPhotographerAvailabilitySchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await app.photoAppointments.hours(request.access.userId)) ?? notFound(reply),
  );

  app.put(
    '/photography-hours',
    {
      config: { ...field, audit: { action: 'photographer.hours' } },
      schema: {
        tags: ['vendor'],
        summary:
          'Replace one’s photography hours: states, weekly hours (Monday to Friday, in the property’s time) and days off',
        body: ZPhotographerHoursSchema,
        response: { 200: ZPhotographerAvailabilitySchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const before = await app.photoAppointments.hours(userId);
      const after = await app.photoAppointments.saveHours(userId, request.body);
      if (!after) return notFound(reply);
      request.audit({
        recordType: 'photographer',
        recordId: after.photographer.hash,
        before,
        after,
      });
      return after;
    },
  );
};

export default photographyHoursRoutes;
