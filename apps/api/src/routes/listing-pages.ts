import { listingPagePath } from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../lib/escape-html.ts';

/**
 * The published listings' sitemap (issue 19). The listing pages themselves, and the lists
 * /current-listings, /past-sales and /past-listings, are the public site's, rendered on demand
 * (apps/web/src/pages; docs/decisions/077-one-rendering-technology.md).
 */
const listingPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The listing pages change without a build, so their sitemap is made on request; robots.txt
  // names it beside the built one. A sitemap holds at most 50,000 addresses.
  app.get('/sitemap-listings.xml', { schema: { hide: true } }, async (_request, reply) => {
    const origin = app.config.publicUrl.origin;
    const urls = (await app.listings.sitemapEntries(50_000))
      .map(
        (l) =>
          `<url><loc>${escapeHtml(`${origin}${listingPagePath(l.slug ?? l.hash)}`)}</loc><lastmod>${l.updatedAt.toISOString()}</lastmod></url>`,
      )
      .join('');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      );
  });
};

export default listingPagesRoutes;
