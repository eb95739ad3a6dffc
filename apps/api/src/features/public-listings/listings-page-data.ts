import {
  effectiveSort,
  LISTINGS_PAGE_SIZE,
  type TListingsPageResult,
  type TListingView,
  type TSiteQuery,
  ZListingsQuerySchema,
} from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import { toPublicListing } from './listing-detail.ts';

/**
 * What a list page (/current-listings, /past-sales, /past-listings; apps/web/src/pages) shows for
 * the visitor's query: the query read by the same schema as GET /api/listings, the view fixed by
 * the page whatever the query says, then one page of published listings.
 */
export async function listingsPageData(
  app: FastifyInstance,
  view: TListingView,
  query: TSiteQuery,
): Promise<TListingsPageResult> {
  const parsed = ZListingsQuerySchema.safeParse({ ...query, view });
  if (!parsed.success) {
    const errors = [...new Set(parsed.error.issues.map((i) => i.message))];
    return { ok: false, sort: effectiveSort(view, undefined), errors };
  }
  const filter = parsed.data;
  const { rows, total, totalCapped } = await app.listingsPages.page(filter, LISTINGS_PAGE_SIZE);
  return {
    ok: true,
    sort: effectiveSort(view, filter.sort),
    listings: rows.map(toPublicListing),
    total,
    totalCapped,
    page: filter.page,
    pageSize: LISTINGS_PAGE_SIZE,
  };
}
