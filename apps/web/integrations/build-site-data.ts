import {
  effectiveSort,
  LISTINGS_PAGE_SIZE,
  type SiteData,
  type TProduct,
  ZMlsBoardListSchema,
} from '@lantern/contracts';
import { MLS_BOARDS } from '@lantern/db/mls-boards';
import { CATALOGUE, SIGNS_SLUG } from '@lantern/db/products-catalogue';
import { signsSlug } from '@lantern/domain';

/** The catalogue a new database starts with (packages/db/seed/products.ts does the same). */
export function seedCatalogue(siteName: string): TProduct[] {
  return CATALOGUE.map((e) => ({
    slug: e.slug === SIGNS_SLUG ? signsSlug(siteName) : e.slug,
    name: e.name,
    priceCents: e.priceCents,
    depositCents: e.depositCents ?? null,
    description: e.description,
  }));
}

/**
 * What the on-demand pages read when the build renders them for the search index and for their
 * inline scripts (render-built-pages.ts): the packaged data a new server starts from, no database and no
 * listings. The values that differ at run time are marked `data-live` and left out of the index.
 */
export function buildSiteData({ siteName }: { siteName: string }): SiteData {
  const boards = ZMlsBoardListSchema.parse(MLS_BOARDS);
  return {
    catalogue: async () => seedCatalogue(siteName),
    mlsBoards: async () => boards,
    mlsBoard: async (slug) => boards.find((b) => b.slug === slug) ?? null,
    // No listings when the site is built: the lists are indexed by their own words only.
    listingsPage: async (view) => ({
      ok: true,
      sort: effectiveSort(view, undefined),
      listings: [],
      total: 0,
      totalCapped: false,
      page: 1,
      pageSize: LISTINGS_PAGE_SIZE,
    }),
    mapTiles: () => ({ url: null, attribution: '' }),
    listingSummaryRecipient: async () => null,
    listingPage: async () => ({ kind: 'missing' }),
    // Staff's photos live in the database: none at build time (the gallery is not indexed).
    siteMedia: async () => [],
    // The index is what the build is making: a search finds nothing yet (/search is not indexed;
    // the build renders it only for its inline scripts).
    search: async () => ({ results: [], total: 0 }),
    // Staff configure the footer's notices and ratings on the server; the build shows none.
    trust: async () => ({ notices: [], reviews: [], homesListed: null }),
    // Staff set the mortgage rate on the server: the build has none, so no payment estimate.
    mortgageRate: async () => null,
  };
}
