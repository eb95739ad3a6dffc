import fp from 'fastify-plugin';
import { createStorage, type FileStorage } from '../storage/index.ts';
import {
  createListingPhotoRepository,
  type ListingPhotoRepository,
} from './listing-photos.repository.ts';
import { createPhotoService, type PhotoService } from './photos.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files: DATA_DIR/files or S3 (services/storage). */
    storage: FileStorage;
    /** A listing's photo rows (app.photos is the service). */
    listingPhotos: ListingPhotoRepository;
    /** Listing photos (MLS and FSBO): uploads, the `photo.process` job, order, captions, files. */
    photos: PhotoService;
  }
}

/** File storage and the listing photos (issue 16; docs/decisions/031-mls-listing-builder.md). */
export default fp(
  async (app) => {
    const storage = await createStorage(app.config.storage);
    const repo = createListingPhotoRepository(app.db);
    app.decorate('storage', storage);
    app.addHook('onClose', async () => storage.close());
    app.decorate('listingPhotos', repo);
    app.decorate('photos', createPhotoService({ repo, storage, jobs: app.jobs }));
  },
  { name: 'photos', dependencies: ['services', 'jobs'] },
);
