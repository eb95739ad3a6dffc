import {
  listingPagePath,
  type SiteData,
  type TListingPageResult,
  ZListingPageParamsSchema,
} from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import { toListingDetail } from '../public-listings/listing-detail.ts';
import { listingPageSite } from '../public-listings/page-html.ts';

/**
 * The server's side of `Astro.locals.site` (packages/contracts/src/site/site-data.ts): each read
 * goes through the same repositories and services as the API, on the same database.
 */
export function createSiteData(app: FastifyInstance): SiteData {
  return {
    catalogue: () => app.products.catalogue(),
    listingPage: (slug) => listingPage(app, slug),
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
