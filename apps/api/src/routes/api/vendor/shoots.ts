import {
  ZPhotoShootLicenceRequestSchema,
  ZPhotoShootPhotoParamsSchema,
  ZPhotoShootResponseSchema,
  ZPhotoShootUploadResponseSchema,
  ZWorkOrderParamsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound, refused } from '../../_shared/replies.ts';
import { registerShootPhotoParts } from '../../_shared/shoot-photos.ts';
import { fileParts } from '../../_shared/work-order-photos.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const field = { access: { vendor: ['field'] as const } };

/**
 * The photographer's shoot on their own photography work order (issue 39; docs/decisions/064):
 * agree to the licence, upload (a few files a request, so a dropped connection loses only what
 * was in flight), delete, and send for review. Another's work order answers 404.
 */
const vendorShootRoutes: FastifyPluginAsyncZod = async (app) => {
  await registerShootPhotoParts(app);
  registerShoot(app);
  registerPhotos(app);
};

/** The shoot and the photographer's licence agreement. */
function registerShoot(app: ZodApp) {
  const service = app.photoShoots;
  const own = (userId: number, hash: string) => app.workOrderRepo.findForAssignee(userId, hash);

  app.get(
    '/work-orders/:hash/shoot',
    {
      config: field,
      schema: {
        tags: ['vendor'],
        summary: 'The shoot of one’s own photography work order: licence, status and photos',
        params: ZWorkOrderParamsSchema,
        response: { 200: ZPhotoShootResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const row = await own(request.access.userId, request.params.hash);
      if (row?.wo.kind !== 'photography') return notFound(reply);
      return { shoot: await service.view(row) };
    },
  );

  app.post(
    '/work-orders/:hash/shoot/licence',
    {
      config: field,
      schema: {
        tags: ['vendor'],
        summary: 'Agree to the photographs’ licence (recorded once, with its words)',
        params: ZWorkOrderParamsSchema,
        body: ZPhotoShootLicenceRequestSchema,
        response: { 200: ZPhotoShootResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const row = await own(userId, request.params.hash);
      if (!row) return notFound(reply);
      const audit = await request.serviceAuditBase(userId);
      const done = await service.agree(row, userId, audit);
      return done.ok ? { shoot: done.value } : refused(reply, done);
    },
  );
}

/** Upload and delete the shoot's photos, send it for review. */
function registerPhotos(app: ZodApp) {
  const service = app.photoShoots;
  const own = (userId: number, hash: string) => app.workOrderRepo.findForAssignee(userId, hash);

  app.post(
    '/work-orders/:hash/shoot/photos',
    {
      config: { ...field, audit: { action: 'photo_shoot.photos', outside: true } },
      schema: {
        tags: ['vendor'],
        summary:
          'Add photos to the shoot (multipart `files` parts, up to 10 a request and 150 in all; 15 MB each; JPEG, PNG or HEIC); each answered stored or refused',
        params: ZWorkOrderParamsSchema,
        response: { 200: ZPhotoShootUploadResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const row = await own(userId, request.params.hash);
      if (!row) return notFound(reply);
      const done = await service.upload(row, userId, fileParts(request), {
        commit: request.commit,
        onAdded: (names) =>
          request.audit({
            recordType: 'work_order',
            recordId: row.wo.hash,
            before: null,
            after: { shootPhotos: names },
          }),
      });
      if (!done.ok) return refused(reply, done);
      return done.value;
    },
  );

  app.delete(
    '/work-orders/:hash/shoot/photos/:photo',
    {
      config: { ...field, audit: { action: 'photo_shoot.photo_delete' } },
      schema: {
        tags: ['vendor'],
        summary: 'Delete a photo of the shoot before it is sent for review',
        params: ZPhotoShootPhotoParamsSchema,
        response: { 200: ZPhotoShootResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const row = await own(request.access.userId, request.params.hash);
      if (!row) return notFound(reply);
      const done = await service.removePhoto(row, request.params.photo);
      if (!done.ok) return refused(reply, done);
      request.audit({
        recordType: 'work_order',
        recordId: row.wo.hash,
        before: { shootPhoto: request.params.photo },
        after: null,
      });
      return { shoot: done.value };
    },
  );

  app.post(
    '/work-orders/:hash/shoot/submit',
    {
      config: field,
      schema: {
        tags: ['vendor'],
        summary: 'Send the shoot to Lantern for review (every photo processed)',
        params: ZWorkOrderParamsSchema,
        response: { 200: ZPhotoShootResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const row = await own(userId, request.params.hash);
      if (!row) return notFound(reply);
      const done = await service.submit(row, await request.serviceAuditBase(userId));
      return done.ok ? { shoot: done.value } : refused(reply, done);
    },
  );
}

export default vendorShootRoutes;
