import {
  ZPhotographerAvailabilitySchema,
  ZPhotographerHoursSchema,
  ZPhotographerParamsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound } from '../../_shared/replies.ts';

const manage = { access: { staff: ['workorders.manage'] as const } };

/**
 * A photographer's hours as staff keep them for them (decision 046): any field vendor who is not
 * locked, by hash; anyone else is a 404.
 */
const photographerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/photographers/:hash/hours',
    {
      config: manage,
      schema: {
        tags: ['admin'],
        summary: 'A field vendor’s photography hours',
        params: ZPhotographerParamsSchema,
        response: { 200: ZPhotographerAvailabilitySchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const person = await app.photoAppointmentRepo.fieldVendor(request.params.hash);
      const hours = person ? await app.photoAppointments.hours(person.id) : undefined;
      return hours ?? notFound(reply);
    },
  );

  app.put(
    '/photographers/:hash/hours',
    {
      config: { ...manage, audit: { action: 'photographer.hours' } },
      schema: {
        tags: ['admin'],
        summary: 'Replace a field vendor’s photography hours: states, weekly hours and days off',
        params: ZPhotographerParamsSchema,
        body: ZPhotographerHoursSchema,
        response: { 200: ZPhotographerAvailabilitySchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const person = await app.photoAppointmentRepo.fieldVendor(request.params.hash);
      if (!person) return notFound(reply);
      const before = await app.photoAppointments.hours(person.id);
      const after = await app.photoAppointments.saveHours(person.id, request.body);
      if (!after) return notFound(reply);
      request.audit({ recordType: 'photographer', recordId: person.hash, before, after });
      return after;
    },
  );
};

export default photographerRoutes;
