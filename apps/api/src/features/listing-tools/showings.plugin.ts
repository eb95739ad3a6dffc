import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { createShowingService, type ShowingService } from './showings/showings.ts';
import { createShowingRepository, type ShowingRepository } from './showings.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Showing requests and their history, each change under the request's row lock. */
    showingRepo: ShowingRepository;
    /**
     * Showing requests (issue 22): the listing page's form, the owners' answers (dashboard,
     * mailed links; `respond` is the one path a text reply will take too), the buyer's link.
     */
    showings: ShowingService;
  }
}

/** Showing management (issue 22; docs/decisions/043-showing-requests.md). */
export default fp(
  async (app) => {
    const { config } = app;
    const repo = createShowingRepository(app.db);
    app.decorate('showingRepo', repo);
    app.decorate(
      'showings',
      createShowingService({
        repo,
        listings: app.listings,
        jobs: app.jobs,
        brand: mailBrand(config),
        mailFrom: config.mailFrom,
        secret: config.sessionSecret,
        analytics: app.listingAnalytics,
        leadTexts: {
          recipients: (listingId) => app.textForInfoRecords.leadTextRecipients(listingId),
          send: (text) => app.texts.sendRespectingQuietHours(text),
        },
        siteName: config.siteName,
        webhooks: app.webhooks,
      }),
    );
  },
  {
    name: 'showings',
    dependencies: [
      'repositories',
      'jobs',
      'public-site',
      'listing-analytics',
      'listing-tools',
      'webhooks',
    ],
  },
);
