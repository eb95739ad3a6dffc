import fp from 'fastify-plugin';
import { createOwnedListings, type OwnedListings } from './owned-listing.ts';
import {
  createTextForInfoRepository,
  type TextForInfoRepository,
} from './text-for-info.repository.ts';
import { createTextForInfo, type TextForInfo } from './text-for-info.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opens a property's public listing for its owners: the start of every issue-22 tool. */
    ownedListings: OwnedListings;
    /** Listing text codes, the buyers who texted them, owners' consent to lead texts. */
    textForInfoRecords: TextForInfoRepository;
    /** Text for info (issue 22; docs/decisions/044-text-for-info.md). */
    textForInfo: TextForInfo;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'ownedListings',
      createOwnedListings({ properties: app.properties, listings: app.listings }),
    );
    const records = createTextForInfoRepository(app.db);
    const from = app.config.twilio?.from ?? null;
    app.decorate('textForInfoRecords', records);
    app.decorate(
      'textForInfo',
      createTextForInfo({
        repo: records,
        texts: app.texts,
        textRecords: app.textRecords,
        phones: app.userPhones,
        throttle: app.throttle,
        // A Messaging Service (MG…) has no one number to show buyers.
        ourNumber: from?.startsWith('+') ? from : null,
        siteName: app.config.siteName,
        publicUrl: app.config.publicUrl.href.replace(/\/+$/, ''),
        businessTimeZone: app.config.businessTimeZone,
        log: app.log,
        // Registered later (listing-analytics); read when a text arrives.
        analytics: { count: (id, metric) => app.listingAnalytics.count(id, metric) },
      }),
    );
  },
  { name: 'listing-tools', dependencies: ['repositories', 'property-data', 'texts'] },
);
