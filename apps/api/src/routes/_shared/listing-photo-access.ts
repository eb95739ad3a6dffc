import { MESSAGES } from '@lantern/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fsboPhotoOwner, mlsPhotoOwner } from '../../features/photos/photos.ts';
import type { PhotoRouteContext } from './photo-routes.ts';

/** Sends a refusal when there is one; true when it did. */
async function sentRefusal(
  reply: FastifyReply,
  refused: { status: number; message: string } | null,
) {
  if (!refused) return false;
  await reply.code(refused.status).send({ message: refused.message });
  return true;
}

/**
 * Who may reach a listing's photos (issues 16 and 19), for the dashboard's photo routes and
 * v1's /listings/{hash}/photos and /photos (issue 48): another user's property is a 404; a
 * participant without can_edit may read but not change (403); a change is refused (409) while
 * the steps before photos are not done or the MLS listing is submitted. Null: the reply is sent.
 */
export async function openMlsPhotos(
  userId: number,
  propertyHash: string,
  reply: FastifyReply,
  write: boolean,
): Promise<PhotoRouteContext | null> {
  const { mlsListingService } = reply.server;
  const opened = await mlsListingService.open(userId, propertyHash);
  const refused = !opened.ok
    ? opened
    : write
      ? mlsListingService.refuseWrite(opened.ctx, 'photos')
      : null;
  if ((await sentRefusal(reply, refused)) || !opened.ok) return null;
  const { ctx } = opened;
  return {
    owner: mlsPhotoOwner(ctx.row.listing),
    canEdit: ctx.participant.canEdit,
    propertyHash: ctx.property.hash,
  };
}

/** The FSBO listing's: a published listing's public row follows every change. */
export async function openFsboPhotos(
  userId: number,
  propertyHash: string,
  reply: FastifyReply,
  write: boolean,
): Promise<PhotoRouteContext | null> {
  const service = reply.server.fsboListingService;
  const opened = await service.open(userId, propertyHash);
  const refused = !opened.ok ? opened : write ? service.refuseWrite(opened.ctx, 'media') : null;
  if ((await sentRefusal(reply, refused)) || !opened.ok) return null;
  const { ctx } = opened;
  return {
    owner: fsboPhotoOwner(ctx.listing),
    canEdit: ctx.participant.canEdit,
    propertyHash: ctx.property.hash,
    changed: () => service.resync(ctx.listing.id),
  };
}

export const openListingPhotos = { mls: openMlsPhotos, fsbo: openFsboPhotos } as const;

/**
 * One of the user's listings by its own hash (v1's /listings/{hash}), opened for its photos with
 * the dashboard's access rules. 404 when it is not one of theirs, or no longer the property's
 * current listing of its kind (a cancelled order's draft).
 */
export async function openListingHash(
  app: FastifyInstance,
  userId: number,
  listingHash: string,
  reply: FastifyReply,
  write: boolean,
): Promise<PhotoRouteContext | null> {
  const row = await app.ownerListings.findForUser(userId, listingHash);
  if (!row) {
    await reply.code(404).send({ message: MESSAGES.notFound });
    return null;
  }
  const ctx = await openListingPhotos[row.kind](userId, row.propertyHash, reply, write);
  if (ctx && ctx.owner.hash !== listingHash) {
    await reply.code(404).send({ message: MESSAGES.notFound });
    return null;
  }
  return ctx;
}

/** openListingHash for a route with the listing's hash in its path. */
export const openListingByHash = (
  app: FastifyInstance,
  request: { user: { userId: number }; params: { hash: string } },
  reply: FastifyReply,
  write: boolean,
) => openListingHash(app, request.user.userId, request.params.hash, reply, write);
