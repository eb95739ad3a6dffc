import {
  listingPagePath,
  type SiteData,
  type TListingPageResult,
  ZListingPageParamsSchema,
  ZListingSummaryUnsubscribeQuerySchema,
  ZMlsBoardSlugSchema,
} from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import { publicBoard } from '../catalogue/public-mls-board.ts';
import { toListingDetail } from '../public-listings/listing-detail.ts';
import { listingPageSite } from '../public-listings/listing-page-site.ts';
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
      // No query for what can be no board's slug (NUL, broken text: the database refuses them).
      if (!ZMlsBoardSlugSchema.safeParse(slug).success) return null;
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
    listingPage: (slug) => listingPage(app, slug),
    trust: () => app.siteTrust.trust(),
    siteMedia: (kind) => app.siteMedia.published(kind),
    mortgageRate: () => app.mortgageRates.current(),
  };
}

/** One published listing's page (apps/web/src/pages/listings/[slug].astro). */
async function listingPage(app: FastifyInstance, slug: string): Promise<TListingPageResult> {
  if (!ZListingPageParamsSchema.safeParse({ slug }).success) return { kind: 'missing' };
  // The public id is the last part; the words before it may be old or mistyped.
  const hash = slug.slice(slug.lastIndexOf('-') + 1);
  const row = hash ? await app.listings.published(hash) : null;
  if (!row) return { kind: 'missing' };
  const current = row.slug ?? row.hash;
  if (current !== slug) return { kind: 'redirect', location: listingPagePath(current) };
  const [extras, openHouses, textForInfo] = await Promise.all([
    app.listings.pageExtras(row),
    app.openHouses.forPage(row),
    app.textForInfo.pageLine(row),
  ]);
  return {
    kind: 'found',
    page: {
      detail: { ...toListingDetail(row, extras), openHouses },
      site: listingPageSite(app.config),
      timeZone: timeZoneOfState(row.state),
      textForInfo,
    },
  };
}
