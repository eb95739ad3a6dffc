import { listingPagePath } from '@lantern/contracts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { ListingChanges } from './listing-changes.ts';
import type { ListingRepository } from './listings.repository.ts';

/** A sitemap holds at most 50,000 addresses (sitemaps.org). */
const MAX_URLS = 50_000;

/**
 * `/sitemap-listings.xml`, made once and kept until a listing is published, changed or taken
 * down (issue 46): at 100,000 listings it took 354 ms of one PGlite connection per request, and
 * crawlers ask often.
 */
export function createListingsSitemap(deps: {
  listings: Pick<ListingRepository, 'sitemapEntries'>;
  changes: ListingChanges;
  origin: string;
}) {
  let kept: Promise<string> | null = null;
  deps.changes.onChange(() => {
    kept = null;
  });

  async function build(): Promise<string> {
    const urls = (await deps.listings.sitemapEntries(MAX_URLS))
      .map(
        (l) =>
          `<url><loc>${escapeHtml(`${deps.origin}${listingPagePath(l.slug ?? l.hash)}`)}</loc><lastmod>${l.updatedAt.toISOString()}</lastmod></url>`,
      )
      .join('');
    return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
  }

  return {
    /** The sitemap's XML: the kept copy, or a new one when a change dropped it. */
    xml(): Promise<string> {
      if (!kept) {
        const building = build();
        kept = building;
        // A failed read is not kept: the next request tries again.
        building.catch(() => {
          if (kept === building) kept = null;
        });
      }
      return kept;
    },
  };
}
export type ListingsSitemap = ReturnType<typeof createListingsSitemap>;
