import fp from 'fastify-plugin';
import {
  createPhotoShootRepository,
  type PhotoShootRepository,
} from '../../repositories/photo-shoots.ts';
import { mailBrand } from '../../services/mail/brand.ts';
import {
  createPhotoShootService,
  type PhotoShootService,
} from '../../services/photography/shoots.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Photography shoots: licence, review, each change with its activity row (issue 39). */
    photoShootRepo: PhotoShootRepository;
    /** A shoot from the photographer's upload to the customer's gallery, ZIP and listing. */
    photoShoots: PhotoShootService;
  }
}

/** Photography delivered (issue 39; docs/decisions/064). */
export default fp(
  async (app) => {
    const repo = createPhotoShootRepository(app.db);
    app.decorate('photoShootRepo', repo);
    app.decorate(
      'photoShoots',
      createPhotoShootService({
        repo,
        photos: app.photos,
        storage: app.storage,
        jobs: app.jobs,
        brand: mailBrand(app.config),
      }),
    );
  },
  { name: 'photo-shoots', dependencies: ['repositories', 'jobs', 'photos', 'work-orders'] },
);
