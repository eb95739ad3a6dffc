import {
  ZBookPhotoRequestSchema,
  ZCancelPhotoRequestSchema,
  ZPhotoAppointmentQuerySchema,
  ZPhotoAppointmentViewSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Opened } from '../../../features/work-orders/photo-appointments.ts';
import { ERRORS, notFound, refused } from '../../_shared/replies.ts';

/**
 * The customer's photography visit (issue 21; decision 046): the times offered from the
 * photographers' hours, booking one, moving or cancelling it until 24 hours before. Any
 * participant sees it; those who may order for the property change it; anyone else gets 404.
 */
const photoAppointmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.photoAppointments;

  async function open(userId: number, hash: string): Promise<Opened | undefined> {
    const found = await app.properties.findForUser(userId, hash);
    return found
      ? { userId, property: found.property, canEdit: found.participant.canEdit }
      : undefined;
  }

  app.get(
    '/photo-appointment',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "The property's photography visit and the photographers' free times that may be booked",
        querystring: ZPhotoAppointmentQuerySchema,
        response: { 200: ZPhotoAppointmentViewSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await open(request.user.userId, request.query.property);
      if (!opened) return notFound(reply);
      return service.view(opened);
    },
  );

  const changeSchema = {
    tags: ['dashboard'],
    response: { 200: ZPhotoAppointmentViewSchema, 201: ZPhotoAppointmentViewSchema, ...ERRORS },
  };

  app.post(
    '/photo-appointment',
    {
      config: { audit: { action: 'photo_appointment.book' } },
      schema: {
        ...changeSchema,
        summary:
          'Book one of the times offered: the photography visit is scheduled with that photographer',
        body: ZBookPhotoRequestSchema,
      },
    },
    async (request, reply) => {
      const opened = await open(request.user.userId, request.body.property);
      if (!opened) return notFound(reply);
      const done = await service.book(opened, request.body);
      if (!done.ok) return refused(reply, done);
      return reply.code(201).send(done.value);
    },
  );

  app.post(
    '/photo-appointment/move',
    {
      config: { audit: { action: 'photo_appointment.move' } },
      schema: {
        ...changeSchema,
        summary:
          'Move the booked visit to another free time of its photographer, until 24 hours before it starts',
        body: ZBookPhotoRequestSchema,
      },
    },
    async (request, reply) => {
      const opened = await open(request.user.userId, request.body.property);
      if (!opened) return notFound(reply);
      const done = await service.move(opened, request.body);
      return done.ok ? done.value : refused(reply, done);
    },
  );

  app.post(
    '/photo-appointment/cancel',
    {
      config: { audit: { action: 'photo_appointment.cancel' } },
      schema: {
        ...changeSchema,
        summary: 'Cancel the booked visit, until 24 hours before it starts',
        body: ZCancelPhotoRequestSchema,
      },
    },
    async (request, reply) => {
      const opened = await open(request.user.userId, request.body.property);
      if (!opened) return notFound(reply);
      const done = await service.cancel(opened);
      return done.ok ? done.value : refused(reply, done);
    },
  );
};

export default photoAppointmentRoutes;
