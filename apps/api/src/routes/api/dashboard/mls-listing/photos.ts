import { mlsPhotoOwner } from '../../../../features/photos/photos.ts';
import { photoRoutes } from '../../../_shared/photo-routes.ts';

/**
 * The photos step of the MLS listing (issue 16): paths under /api/dashboard/mls-listing as
 * MLS_LISTING_API names them. Another user's property is a 404; a participant without can_edit
 * may read but not change (403); a change is refused (409) while a step before photos is not done
 * or the listing is submitted.
 */
export default photoRoutes({
  tag: 'mls-listing',
  async open(userId, propertyHash, reply, write) {
    const { mlsListingService } = reply.server;
    const opened = await mlsListingService.open(userId, propertyHash);
    const refused = !opened.ok
      ? opened
      : write
        ? mlsListingService.refuseWrite(opened.ctx, 'photos')
        : null;
    if (refused) {
      await reply.code(refused.status).send({ message: refused.message });
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
});
