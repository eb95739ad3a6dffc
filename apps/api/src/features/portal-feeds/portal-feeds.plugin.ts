import fp from 'fastify-plugin';
import { createListingFeed } from './listing-feed.ts';
import { createListingFeedExtrasRepository } from './listing-feed-extras.repository.ts';
import {
  createPortalFeedRepository,
  type PortalFeedRepository,
} from './portal-feeds.repository.ts';
import { createPortalFeedService, type PortalFeedService } from './portal-feeds.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Portals' listing feeds (issue 49; docs/decisions/098): the rows, the files, the opt-outs. */
    portalFeeds: { repo: PortalFeedRepository; service: PortalFeedService };
  }
}

export default fp(
  async (app) => {
    const repo = createPortalFeedRepository(app.db);
    const origin = app.config.publicUrl.origin;
    const feed = createListingFeed({
      records: app.reso.records,
      extras: createListingFeedExtrasRepository(app.db),
      changes: app.publicListingChanges,
      site: {
        origin,
        brokerage: app.config.siteName,
        licenses: app.config.brokerageLicenses,
      },
    });
    app.decorate('portalFeeds', {
      repo,
      service: createPortalFeedService({ repo, feed, origin }),
    });
  },
  { name: 'portal-feeds', dependencies: ['services', 'reso', 'mls-listing'] },
);
