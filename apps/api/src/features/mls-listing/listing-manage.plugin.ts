import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import {
  createListingChangeRepository,
  type ListingChangeRepository,
} from './listing-changes.repository.ts';
import {
  createManageService,
  EXPIRE_JOB,
  EXPIRY_REMINDERS_JOB,
  type ManageService,
} from './manage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Change requests on live listings and the listings the expiry jobs look at. */
    listingChanges: ListingChangeRepository;
    /** Managing a live MLS listing: change forms, renewal, staff's decisions, expiry (issue 18). */
    listingManage: ManageService;
  }
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * The live listing's management (issue 18, "Manage (once live)"; docs/decisions/032) and its two
 * daily jobs: the reminder 14 days before the end date, and expiry once it has passed. Both are
 * safe to run again: a reminder is marked per end date, expiry re-checks under the row lock, and
 * their mails carry dedupe keys.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const repo = createListingChangeRepository(app.db);
    const service = createManageService({
      changes: repo,
      mlsListings: app.mlsListings,
      photos: app.listingPhotos,
      users: app.users,
      signing: app.signing,
      documents: app.signingDocuments,
      jobs: app.jobs,
      realtime: app.realtime,
      publicListings: app.publicListings,
      ownSales: app.ownSales,
      photoSets: app.photoSets,
      brand: mailBrand(config),
      licenses: config.brokerageLicenses,
    });
    app.decorate('listingChanges', repo);
    app.decorate('listingManage', service);

    app.jobs.define(EXPIRY_REMINDERS_JOB, {
      handler: async (_payload, { log }) => {
        const sent = await service.sendExpiryReminders();
        if (sent) log.info({ sent }, 'listing expiry reminders sent');
      },
      maxAttempts: 5,
      describe: () => 'Remind owners of MLS listings that end within 14 days',
    });
    app.jobs.schedule(EXPIRY_REMINDERS_JOB, DAY_MS);
    app.jobs.define(EXPIRE_JOB, {
      handler: async (_payload, { log }) => {
        const expired = await service.expireListings();
        if (expired) log.info({ expired }, 'MLS listings expired');
      },
      maxAttempts: 5,
      describe: () => 'Mark MLS listings past their end date Expired',
    });
    app.jobs.schedule(EXPIRE_JOB, DAY_MS);
  },
  {
    name: 'listing-manage',
    dependencies: ['mls-listing', 'photos', 'photo-shoots', 'signing', 'jobs', 'realtime', 'sales'],
  },
);
