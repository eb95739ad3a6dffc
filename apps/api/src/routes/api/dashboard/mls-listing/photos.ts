import { openMlsPhotos } from '../../../_shared/listing-photo-access.ts';
import { photoRoutes } from '../../../_shared/photo-routes.ts';

/**
 * The photos step of the MLS listing (issue 16): paths under /api/dashboard/mls-listing as
 * MLS_LISTING_API names them, with the access of openMlsPhotos.
 */
export default photoRoutes({ tag: 'mls-listing', open: openMlsPhotos });
