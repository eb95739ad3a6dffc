import { type SiteData, ZListingSummaryUnsubscribeQuerySchema } from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import { listingsPageData } from '../public-listings/listings-page-data.ts';

/**
 * The server's side of `Astro.locals.site` (packages/contracts/src/site/site-data.ts): each read
 * goes through the same repositories and services as the API, on the same database.
 */
export function createSiteData(app: FastifyInstance): SiteData {
  return {
    catalogue: () => app.products.catalogue(),
    listingsPage: (view, query) => listingsPageData(app, view, query),
    mapTiles: () => ({
      url: app.config.geocoding.tileUrl,
      attribution: app.config.geocoding.tileAttribution,
    }),
    listingSummaryRecipient: async (token) =>
      ZListingSummaryUnsubscribeQuerySchema.safeParse({ token }).success
        ? app.listingAnalytics.unsubscribeTarget(token)
        : null,
  };
}
