import {
  CONCIERGE_DRAFT_API,
  MESSAGES,
  ZErrorResponseSchema,
  ZPhotographyGallerySchema,
  ZPropertyQuerySchema,
  ZUsePhotosRequestSchema,
  ZUsePhotosResponseSchema,
} from '@lantern/contracts';
import { PHOTO_LIMITS } from '@lantern/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ListingContext } from '../../../features/mls-listing/mls-listing.ts';
import type { PhotoTarget } from '../../../features/photo-shoots/shoots.ts';
import { mlsPhotoOwner } from '../../../features/photos/photos.ts';
import { ERRORS, fileReply, NOT_FOUND, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const concierge = { access: { vendor: ['concierge'] as const } };

/** The draft as "Use in my listing" sees it: writable only while this concierge holds it. */
async function targetOf(app: FastifyInstance, ctx: ListingContext) {
  const owner = mlsPhotoOwner(ctx.row.listing);
  const refusal = app.mlsListingService.refuseWrite(ctx, 'photos');
  const target: PhotoTarget & { room: number } = {
    kind: 'mls',
    owner,
    refusal: refusal?.message ?? null,
    room: PHOTO_LIMITS.maxPhotos - (await app.listingPhotos.countOf(owner)),
  };
  return target;
}

/**
 * The photographer's delivered photos (decision 064) for the concierge working on the draft
 * (issue 39; decision 065): the approved gallery of the property, its files, and copying chosen
 * photos into the draft they hold — the owners' "Use in my listing", on the concierge's side.
 * A property not assigned to them is 404, as on every draft route.
 */
const conciergeDraftPhotographyRoutes: FastifyPluginAsyncZod = async (app) => {
  registerGallery(app);
  registerUse(app);
};

/** The approved gallery and its files. */
function registerGallery(app: ZodApp) {
  const service = app.conciergeDraft;

  app.get(
    '/concierge/draft/photography',
    {
      config: concierge,
      schema: {
        tags: ['vendor'],
        summary: "The photographer's delivered photos of the draft's property",
        querystring: ZPropertyQuerySchema,
        response: { 200: ZPhotographyGallerySchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const opened = await service.open(request.access.userId, request.query.property);
      if (!opened.ok) return refused(reply, opened);
      const { property } = opened.ctx;
      const gallery = await app.photoShoots.gallery(
        property.id,
        property.hash,
        await targetOf(app, opened.ctx),
      );
      const q = `?property=${encodeURIComponent(property.hash)}`;
      // Served through the concierge's own file route: the owners' admits participants only.
      for (const shoot of gallery.shoots)
        for (const photo of shoot.photos)
          if (photo.urls)
            photo.urls = {
              thumb: CONCIERGE_DRAFT_API.photographyFile(photo.hash, 'thumb') + q,
              web: CONCIERGE_DRAFT_API.photographyFile(photo.hash, 'web') + q,
            };
      return gallery;
    },
  );

  app.get(
    '/concierge/draft/photography/photos/:photo/:size',
    {
      config: concierge,
      schema: {
        response: NOT_FOUND,
        tags: ['vendor'],
        summary: 'A size of an approved shoot photo of the draft’s property',
        params: z.object({
          photo: ZUsePhotosRequestSchema.shape.photos.element,
          size: z.enum(['thumb', 'web']),
        }),
        querystring: ZPropertyQuerySchema,
      },
    },
    async (request, reply) => {
      const notFound = () => reply.code(404).send({ message: MESSAGES.notFound });
      const opened = await service.open(request.access.userId, request.query.property);
      const found = await app.photoShootRepo.ownerOfPhoto(request.params.photo);
      if (!opened.ok || !found || found.status !== 'approved') return notFound();
      if (found.propertyHash !== opened.ctx.property.hash) return notFound();
      const file = await app.photoShoots.file(found.wo, found.photo, request.params.size);
      if (!file) return notFound();
      if ('redirect' in file)
        return reply.header('cache-control', 'no-store').redirect(file.redirect, 302);
      return fileReply(reply)
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'private, max-age=86400')
        .send(file.stream);
    },
  );
}

/** Copy chosen photos into the draft the concierge holds. */
function registerUse(app: ZodApp) {
  const service = app.conciergeDraft;

  app.post(
    '/concierge/draft/photography/use',
    {
      config: { ...concierge, audit: { outside: true } },
      schema: {
        tags: ['vendor'],
        summary: 'Copy chosen delivered photos into the draft the concierge holds, in this order',
        body: ZUsePhotosRequestSchema,
        response: { 200: ZUsePhotosResponseSchema, ...ERRORS, 422: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const opened = await service.open(userId, request.body.property);
      if (!opened.ok) return refused(reply, opened);
      const target = await targetOf(app, opened.ctx);
      const audit = {
        ...(await request.serviceAuditBase(userId)),
        action: 'listing.photos_from_shoot',
        recordType: 'mls_listing',
        recordId: target.owner.hash,
        after: { photos: request.body.photos, by: 'concierge' },
      };
      const done = await app.photoShoots.use(
        opened.ctx.property.id,
        request.body.photos,
        target,
        userId,
        audit,
      );
      if (!done.ok) return refused(reply, done);
      return done.value;
    },
  );
}

export default conciergeDraftPhotographyRoutes;
