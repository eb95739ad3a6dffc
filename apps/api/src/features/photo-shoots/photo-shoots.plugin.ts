import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createPhotoSets, type PhotoSets } from './photo-sets.ts';
import {
  createPhotoShootRepository,
  type PhotoShootRepository,
} from './photo-shoots.repository.ts';
import { createPhotoShootService, type PhotoShootService } from './shoots.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Photography shoots: licence, review, each change with its activity row (issue 39). */
    photoShootRepo: PhotoShootRepository;
    /** A shoot from the photographer's upload to the customer's gallery, ZIP and listing. */
    photoShoots: PhotoShootService;
    /** The photos a live MLS listing's owners choose in a photo change, and giving it them. */
    photoSets: PhotoSets;
  }
}

/** Photography delivered (issue 39; docs/decisions/064). */
export default fp(
  async (app) => {
    const repo = createPhotoShootRepository(app.db);
    const shoots = createPhotoShootService({
      repo,
      photos: app.photos,
      storage: app.storage,
      jobs: app.jobs,
      brand: mailBrand(app.config),
    });
    app.decorate('photoShootRepo', repo);
    app.decorate('photoShoots', shoots);
    app.decorate(
      'photoSets',
      createPhotoSets({
        photos: app.photos,
        storage: app.storage,
        repo: app.listingPhotos,
        shoots,
      }),
    );
  },
  { name: 'photo-shoots', dependencies: ['repositories', 'jobs', 'photos'] },
);
