import {
  CONCIERGE_DRAFT_API,
  ZConciergeDraftRequestSchema,
  ZMlsListingFormRequestSchema,
  ZMlsListingLocationRequestSchema,
  ZMlsListingResponseSchema,
  ZPropertyQuerySchema,
} from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Opened } from '../../../features/mls-listing/mls-listing.ts';
import { mlsPhotoOwner } from '../../../features/photos/photos.ts';
import { photoRoutes } from '../../_shared/photo-routes.ts';
import { ERRORS, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const concierge = { access: { vendor: ['concierge'] as const } };

/**
 * The concierge listing (issue 39; docs/decisions/065): the assigned concierge's way into the
 * owners' MLS listing draft, mirroring the owners' builder routes under /api/vendor/concierge/draft
 * (the property's hash in the query or body). Any property not assigned to them answers 404.
 */
const conciergeDraftRoutes: FastifyPluginAsyncZod = async (app) => {
  registerDraft(app);
  registerSteps(app);
  await registerPhotos(app);
};

/** The draft as it is now, or why the concierge may not open it. */
async function answer(app: ZodApp, reply: FastifyReply, userId: number, propertyHash: string) {
  const again = await app.conciergeDraft.open(userId, propertyHash);
  if (!again.ok) return refused(reply, again);
  return { listing: await app.conciergeDraft.view(again.ctx) };
}

/** Read the draft; take it to work on, hand it back. */
function registerDraft(app: ZodApp) {
  const service = app.conciergeDraft;

  app.get(
    '/concierge/draft',
    {
      config: concierge,
      schema: {
        tags: ['vendor'],
        summary: "The owners' MLS listing draft, as the assigned concierge reads and edits it",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZMlsListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => answer(app, reply, request.access.userId, request.query.property),
  );

  for (const [path, action, summary] of [
    [
      '/concierge/draft/take',
      'take',
      'Open the draft to work on it: the owners read it until it is handed back',
    ],
    [
      '/concierge/draft/hand-over',
      'handOver',
      'Hand the draft back to the owners to review the changes and sign',
    ],
  ] as const) {
    app.post(
      path,
      {
        config: {
          ...concierge,
          audit: {
            action: action === 'take' ? 'listing.concierge-take' : 'listing.concierge-hand-over',
          },
        },
        schema: {
          tags: ['vendor'],
          summary,
          body: ZConciergeDraftRequestSchema,
          response: { 200: ZMlsListingResponseSchema, ...ERRORS },
        },
      },
      async (request, reply) => {
        const { userId } = request.access;
        const opened = await service.open(userId, request.body.property);
        if (!opened.ok) return refused(reply, opened);
        const done = await service[action](opened.ctx);
        if (!done.ok) return refused(reply, done);
        const { hash, before, after } = done.value;
        request.audit({ recordType: 'mls_listing', recordId: hash, before, after });
        return answer(app, reply, userId, request.body.property);
      },
    );
  }
}

/** Save the draft's location and form steps. */
function registerSteps(app: ZodApp) {
  const service = app.conciergeDraft;

  app.put(
    '/concierge/draft/location',
    {
      config: concierge,
      schema: {
        tags: ['vendor'],
        summary: "Save the draft's location step (type, sub-type, MLS) as the concierge",
        body: ZMlsListingLocationRequestSchema,
        response: { 200: ZMlsListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const opened = await service.open(userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const saved = await app.mlsListingService.saveLocation(opened.ctx, request.body);
      if (!saved.ok) return refused(reply, saved);
      return answer(app, reply, userId, request.body.property);
    },
  );

  app.put(
    '/concierge/draft/form',
    {
      config: concierge,
      schema: {
        tags: ['vendor'],
        summary: "Save the draft's listing form (remarks included) as the concierge",
        body: ZMlsListingFormRequestSchema,
        response: { 200: ZMlsListingResponseSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const opened = await service.open(userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const { form, finish } = request.body;
      const saved = await app.mlsListingService.saveForm(opened.ctx, form, finish);
      if (!saved.ok) return refused(reply, saved);
      return answer(app, reply, userId, request.body.property);
    },
  );
}

/** The listing's photos through the owners' pipeline: upload, order, caption, delete, files. */
async function registerPhotos(app: ZodApp) {
  const service = app.conciergeDraft;

  await app.register(
    photoRoutes({
      tag: 'vendor',
      config: concierge,
      fileUrl: (photo, size, property) =>
        `${CONCIERGE_DRAFT_API.photoFile(photo, size)}?property=${encodeURIComponent(property)}`,
      async open(userId, propertyHash, reply, write) {
        const opened: Opened = await service.open(userId, propertyHash);
        const refusal = !opened.ok
          ? opened
          : write
            ? app.mlsListingService.refuseWrite(opened.ctx, 'photos')
            : null;
        if (refusal) {
          await reply.code(refusal.status).send({ message: refusal.message });
          return null;
        }
        if (!opened.ok) return null;
        const { ctx } = opened;
        return {
          owner: mlsPhotoOwner(ctx.row.listing),
          canEdit: ctx.participant.canEdit,
          propertyHash: ctx.property.hash,
        };
      },
    }),
    { prefix: '/concierge/draft' },
  );
}

export default conciergeDraftRoutes;
