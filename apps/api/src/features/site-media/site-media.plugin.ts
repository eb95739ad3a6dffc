import fp from 'fastify-plugin';
import { createSiteMediaRepository } from './site-media.repository.ts';
import { createSiteMedia, type SiteMedia } from './site-media.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Photos staff upload for the public site (docs/decisions/081-site-media.md). */
    siteMedia: SiteMedia;
  }
}

/** Site media: the sample work on /photography, stored in the listing photos' file storage. */
export default fp(
  async (app) => {
    const repo = createSiteMediaRepository(app.db);
    app.decorate('siteMedia', createSiteMedia({ repo, storage: app.storage }));
  },
  { name: 'site-media', dependencies: ['services', 'photos'] },
);
