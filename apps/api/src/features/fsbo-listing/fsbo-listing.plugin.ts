import fp from 'fastify-plugin';
import { createFsboListingService, type FsboListingService } from './fsbo-listing.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The free FSBO listing's steps, publishing and managing (issue 19). */
    fsboListingService: FsboListingService;
  }
}

export default fp(
  async (app) => {
    const service = createFsboListingService({
      properties: app.properties,
      fsboListings: app.fsboListings,
      photos: app.listingPhotos,
      products: app.products,
      publicListings: app.publicListings,
      ownSales: app.ownSales,
      siteName: app.config.siteName,
    });
    app.decorate('fsboListingService', service);
    // A photo processed after upload may become the listing's primary photo on its public row.
    app.photos.afterProcessing(async (owner) => {
      if (owner.kind === 'fsbo') await service.resync(owner.id);
    });
  },
  {
    name: 'fsbo-listing',
    dependencies: ['repositories', 'property-data', 'mls-listing', 'photos', 'sales'],
  },
);
