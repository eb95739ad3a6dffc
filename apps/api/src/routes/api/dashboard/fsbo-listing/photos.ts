import { openFsboPhotos } from '../../../_shared/listing-photo-access.ts';
import { photoRoutes } from '../../../_shared/photo-routes.ts';

/**
 * The FSBO listing's photos (issue 19): the MLS listing's photo routes and storage, under
 * /api/dashboard/fsbo-listing as FSBO_LISTING_API names them, with the access of openFsboPhotos.
 */
export default photoRoutes({ tag: 'fsbo-listing', open: openFsboPhotos });
