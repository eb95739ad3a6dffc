import {
  MESSAGES,
  PHOTO_SHOOT_TEXTS,
  ZErrorResponseSchema,
  ZPhotographyGallerySchema,
  ZPhotoShootFileParamsSchema,
  ZPropertyQuerySchema,
  ZUsePhotosRequestSchema,
  ZUsePhotosResponseSchema,
} from '@lantern/contracts';
import { PHOTO_LIMITS } from '@lantern/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PhotoTarget } from '../../../features/photo-shoots/shoots.ts';
import { fsboPhotoOwner, mlsPhotoOwner } from '../../../features/photos/photos.ts';
import { sendPhotoFile } from '../../_shared/photo-file.ts';
import { fileReply, NOT_FOUND } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const errors = { 401: ZErrorResponseSchema, 404: ZErrorResponseSchema } as const;

/**
 * Where "Use in my listing" puts photos for this user: the property's MLS listing, else its FSBO
 * listing (never made here), with why it cannot take photos now and the room left in it.
 */
async function targetFor(
  app: FastifyInstance,
  userId: number,
  property: { id: number; hash: string },
): Promise<(PhotoTarget & { room: number }) | null> {
  const room = async (owner: PhotoTarget['owner']) =>
    PHOTO_LIMITS.maxPhotos - (await app.listingPhotos.countOf(owner));
  if (await app.mlsListings.forProperty(property.id)) {
    const opened = await app.mlsListingService.open(userId, property.hash);
    if (!opened.ok) return null;
    const { status } = opened.ctx.row.listing;
    const refused = app.mlsListingService.refuseWrite(opened.ctx, 'photos');
    const owner = mlsPhotoOwner(opened.ctx.row.listing);
    const locked = status !== 'draft' && status !== 'returned';
    return {
      kind: 'mls',
      owner,
      refusal: refused ? (locked ? PHOTO_SHOOT_TEXTS.listingLocked : refused.message) : null,
      room: await room(owner),
    };
  }
  if (await app.fsboListings.forProperty(property.id)) {
    const opened = await app.fsboListingService.open(userId, property.hash);
    if (!opened.ok) return null;
    const owner = fsboPhotoOwner(opened.ctx.listing);
    const refused = app.fsboListingService.refuseWrite(opened.ctx, 'media');
    return { kind: 'fsbo', owner, refusal: refused?.message ?? null, room: await room(owner) };
  }
  return null;
}

/**
 * The photographs delivered to a property (issue 39; docs/decisions/064), for its participants:
 * the gallery, one photo's sizes and original, all of them as one streamed ZIP, and "Use in my
 * listing". Another user's property, or a shoot staff have not approved, is a 404.
 */
const photographyRoutes: FastifyPluginAsyncZod = async (app) => {
  registerGallery(app);
  registerPhotos(app);
};

/** The property, when the user takes part in it. */
const propertyOf = async (app: ZodApp, userId: number, hash: string) =>
  (await app.properties.isParticipant(userId, hash))
    ? await app.properties.findByHash(hash)
    : undefined;

/** The delivered photographs and their ZIP. */
function registerGallery(app: ZodApp) {
  app.get(
    '/photography',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'The photographs delivered for the property, and where they can be used',
        querystring: ZPropertyQuerySchema,
        response: { 200: ZPhotographyGallerySchema, ...errors },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const property = await propertyOf(app, userId, request.query.property);
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      const target = await targetFor(app, userId, property);
      return app.photoShoots.gallery(property.id, property.hash, target);
    },
  );

  app.get(
    '/photography/zip',
    {
      schema: {
        response: NOT_FOUND,
        tags: ['dashboard'],
        summary: 'Every delivered photograph of the property, originals, as one ZIP (streamed)',
        querystring: ZPropertyQuerySchema,
      },
    },
    async (request, reply) => {
      const property = await propertyOf(app, request.user.userId, request.query.property);
      const zip = property ? await app.photoShoots.zip(property.id) : null;
      if (!zip) return reply.code(404).send({ message: MESSAGES.notFound });
      return fileReply(reply)
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="photographs.zip"')
        .header('cache-control', 'private, no-store')
        .send(zip);
    },
  );
}

/** A photograph's file; using chosen ones in the listing. */
function registerPhotos(app: ZodApp) {
  app.get(
    '/photography/photos/:photo/:size',
    {
      schema: {
        response: NOT_FOUND,
        tags: ['dashboard'],
        summary:
          'A size, or the original, of a shoot photo: for staff who manage work orders and its photographer, and for the property’s participants once approved',
        params: ZPhotoShootFileParamsSchema,
        querystring: ZPropertyQuerySchema.partial(),
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const notFound = () => reply.code(404).send({ message: MESSAGES.notFound });
      const found = await app.photoShootRepo.ownerOfPhoto(request.params.photo);
      if (!found) return notFound();
      const access = await app.access.forUser(userId);
      const allowed =
        found.wo.assigneeId === userId ||
        (access !== null && app.access.allows(access, { staff: ['workorders.manage'] })) ||
        (found.status === 'approved' &&
          (await app.properties.isParticipant(userId, found.propertyHash)));
      if (!allowed) return notFound();
      const file = await app.photoShoots.file(found.wo, found.photo, request.params.size);
      if (!file) return notFound();
      return sendPhotoFile(reply, found.photo, file, request.params.size);
    },
  );

  app.post(
    '/photography/use',
    {
      config: { audit: { outside: true } },
      schema: {
        tags: ['dashboard'],
        summary:
          'Add chosen delivered photographs to the property’s MLS or FSBO listing, in the order given (copied, never uploaded again; within its 50 photos)',
        body: ZUsePhotosRequestSchema,
        response: {
          200: ZUsePhotosResponseSchema,
          ...errors,
          403: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          422: ZErrorResponseSchema,
          502: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const property = await propertyOf(app, userId, request.body.property);
      if (!property) return reply.code(404).send({ message: MESSAGES.notFound });
      const target = await targetFor(app, userId, property);
      if (!target) return reply.code(409).send({ message: PHOTO_SHOOT_TEXTS.noListing });
      const audit = {
        ...(await request.serviceAuditBase(userId)),
        action: 'listing.photos_from_shoot',
        recordType: target.kind === 'mls' ? 'mls_listing' : 'fsbo_listing',
        recordId: target.owner.hash,
        after: { photos: request.body.photos },
      };
      const done = await app.photoShoots.use(
        property.id,
        request.body.photos,
        target,
        userId,
        audit,
      );
      if (!done.ok)
        return reply
          .code(done.status)
          .send({ message: done.message, ...(done.errors ? { errors: done.errors } : {}) });
      return done.value;
    },
  );
}

export default photographyRoutes;
