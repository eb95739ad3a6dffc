import { fsboPhotoOwner } from '../../../../features/photos/photos.ts';
import { photoRoutes } from '../../../_shared/photo-routes.ts';

/**
 * The FSBO listing's photos (issue 19): the MLS listing's photo routes and storage, under
 * /api/dashboard/fsbo-listing as FSBO_LISTING_API names them. Another user's property is a 404;
 * a participant without can_edit reads and gets 403 on a change; a change is refused (409) until
 * basics, contact and describe are done. A published listing's public row follows every change.
 */
export default photoRoutes({
  tag: 'fsbo-listing',
  async open(userId, propertyHash, reply, write) {
    const service = reply.server.fsboListingService;
    const opened = await service.open(userId, propertyHash);
    const refused = !opened.ok ? opened : write ? service.refuseWrite(opened.ctx, 'media') : null;
    if (refused) {
      await reply.code(refused.status).send({ message: refused.message });
      return null;
    }
    if (!opened.ok) return null;
    const { ctx } = opened;
    return {
      owner: fsboPhotoOwner(ctx.listing),
      canEdit: ctx.participant.canEdit,
      propertyHash: ctx.property.hash,
      changed: () => service.resync(ctx.listing.id),
    };
  },
});
