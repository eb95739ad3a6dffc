import { type SiteData, ZListingSummaryUnsubscribeQuerySchema } from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import { publicBoard } from '../catalogue/public-mls-board.ts';
import { listingsPageData } from '../public-listings/listings-page-data.ts';
import { createSiteSearch } from './site-search.ts';

/**
 * The server's side of `Astro.locals.site` (packages/contracts/src/site/site-data.ts): each read
 * goes through the same repositories and services as the API, on the same database.
 */
export function createSiteData(app: FastifyInstance): SiteData {
  const search = createSiteSearch(app.config.webDist);
  return {
    catalogue: () => app.products.catalogue(),
    search: async (query) => search(query),
    mlsBoards: async () => (await app.mlsBoards.all()).map(publicBoard),
    mlsBoard: async (slug) => {
      const board = await app.mlsBoards.bySlug(slug);
      return board ? publicBoard(board) : null;
    },
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
