import fp from 'fastify-plugin';
import { listingPageSite } from '../public-listings/listing-page-site.ts';
import { createOpenHouseService, type OpenHouseService } from './open-houses/open-houses.ts';
import { createOpenHouseRepository, type OpenHouseRepository } from './open-houses.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A public listing's open house rows (app.openHouses is the service). */
    openHouseRepo: OpenHouseRepository;
    /** Open houses: the owners' list and changes, the public page's, the flyer (issue 22). */
    openHouses: OpenHouseService;
  }
}

/** The open house kit (issue 22; docs/decisions/045-open-house-kit.md). */
export default fp(
  async (app) => {
    const repo = createOpenHouseRepository(app.db);
    app.decorate('openHouseRepo', repo);
    app.decorate(
      'openHouses',
      createOpenHouseService({
        repo,
        listingPhotos: app.listingPhotos,
        storage: app.storage,
        site: listingPageSite(app.config),
        onPublicChange: app.publicListingChanges.changed,
      }),
    );
  },
  { name: 'open-houses', dependencies: ['services', 'photos', 'listing-tools', 'mls-listing'] },
);
