import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import {
  createListingAnalyticsRepository,
  type ListingAnalyticsRepository,
} from './listing-analytics.repository.ts';
import {
  ANALYTICS_CLEANUP_JOB,
  ANALYTICS_SUMMARY_JOB,
  createListingAnalytics,
  type ListingAnalytics,
} from './listing-analytics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    listingAnalyticsRepo: ListingAnalyticsRepository;
    /**
     * Listing analytics (issue 22): `count(listingId, metric, at?)` for inquiries, showing
     * requests, texts and gallery opens; page views from the page's beacon; the owners' daily
     * series; the weekly summary mail and its unsubscribe.
     */
    listingAnalytics: ListingAnalytics;
  }
}

const HOUR_MS = 60 * 60_000;

/**
 * Listing analytics and its two hourly jobs (docs/decisions/042-listing-analytics.md): the
 * cleanup forgets each zone's visitors and salt within the hour after its day ends; the summary
 * job sends each listing's weekly summary once, at the first run after Monday 6:00 in the
 * listing's zone. Both are safe to run again (deletes; marked weeks and mail dedupe keys).
 */
export default fp(
  async (app) => {
    const { config } = app;
    const repo = createListingAnalyticsRepository(app.db);
    const service = createListingAnalytics({
      repo,
      jobs: app.jobs,
      secret: config.sessionSecret,
      brand: mailBrand(config),
      postalAddress: config.businessPostalAddress,
      log: app.log,
    });
    app.decorate('listingAnalyticsRepo', repo);
    app.decorate('listingAnalytics', service);

    app.jobs.define(ANALYTICS_CLEANUP_JOB, {
      handler: async (_payload, { log }) => {
        const gone = await service.endPastDays();
        if (gone.salts || gone.visitors) log.info(gone, 'listing analytics: past days forgotten');
      },
      maxAttempts: 5,
      describe: () => 'Forget the visitor hashes and salts of days that have ended',
    });
    app.jobs.schedule(ANALYTICS_CLEANUP_JOB, HOUR_MS);
    app.jobs.define(ANALYTICS_SUMMARY_JOB, {
      handler: async (_payload, { log }) => {
        const queued = await service.sendWeeklySummaries();
        if (queued) log.info({ queued }, 'weekly listing summaries queued');
      },
      maxAttempts: 5,
      describe: () => 'Send the weekly listing summaries whose Monday has come',
    });
    app.jobs.schedule(ANALYTICS_SUMMARY_JOB, HOUR_MS);
  },
  { name: 'listing-analytics', dependencies: ['repositories', 'jobs', 'public-site'] },
);
