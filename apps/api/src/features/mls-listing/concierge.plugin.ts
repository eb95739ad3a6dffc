import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { type ConciergeRepository, createConciergeRepository } from './concierge.repository.ts';
import { type ConciergeService, createConciergeService } from './concierge.ts';
import { type ConciergeDraftService, createConciergeDraftService } from './concierge-draft.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The concierge's review of a signed MLS listing before staff (issue 24; decision 048). */
    concierge: ConciergeService;
    conciergeRepo: ConciergeRepository;
    /** The concierge listing: the concierge works on the owners' draft (issue 39; decision 065). */
    conciergeDraft: ConciergeDraftService;
  }
}

/** The concierge's listings and their two actions (issue 24; docs/decisions/048). */
export default fp(
  async (app) => {
    const repo = createConciergeRepository(app.db);
    app.decorate('conciergeRepo', repo);
    app.decorate(
      'concierge',
      createConciergeService({
        repo,
        photos: app.photos,
        outbox: app.outbox,
        realtime: app.realtime,
        brand: mailBrand(app.config),
        log: app.log,
      }),
    );
    app.decorate(
      'conciergeDraft',
      createConciergeDraftService({
        repo,
        listings: app.mlsListings,
        listingService: app.mlsListingService,
        outbox: app.outbox,
        realtime: app.realtime,
        brand: mailBrand(app.config),
        log: app.log,
      }),
    );
  },
  { name: 'concierge', dependencies: ['repositories', 'mls-listing', 'photos', 'realtime'] },
);
