import { listingPagePath, ZListingPageParamsSchema } from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toListingDetail } from '../features/public-listings/listing-detail.ts';
import { renderListingPage } from '../features/public-listings/listing-page.ts';
import { listingPageSite } from '../features/public-listings/page-html.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { builtPage, LISTING_TEMPLATE_FILE } from './_shared/built-page.ts';

const html = (reply: FastifyReply, code: number, body: string) =>
  reply
    .code(code)
    .type('text/html; charset=utf-8')
    // Filled from the database on each visit: a publish or an edit shows at once.
    .header('cache-control', 'no-cache')
    .send(body);

/**
 * The public listing page, filled by the API into the built site (issue 19;
 * docs/decisions/007-public-site.md): one page per published listing at /listings/{slug}. The
 * raw template under /templates/ is never served. Without a built site the route is not
 * registered. (The lists /current-listings, /past-sales and /past-listings render on demand in
 * the public site: apps/web/src/pages, docs/decisions/077-one-rendering-technology.md.)
 */
const listingPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = listingPageSite(app.config);
  const listingTemplate = builtPage(app.config.webDist, LISTING_TEMPLATE_FILE);

  app.get('/templates/*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound());

  // The listing pages change without a rebuild, so their sitemap is made on request; robots.txt
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

  if (listingTemplate()) {
    app.get(
      '/listings/:slug',
      { schema: { hide: true, params: ZListingPageParamsSchema } },
      async (request, reply) => {
        const { slug } = request.params;
        // The public id is the last part; the words before it may be old or mistyped.
        const hash = slug.slice(slug.lastIndexOf('-') + 1);
        const row = await app.listings.published(hash);
        if (!row) return reply.callNotFound();
        const current = row.slug ?? row.hash;
        if (current !== slug) return reply.redirect(listingPagePath(current), 301);
        const template = listingTemplate();
        if (!template) return reply.callNotFound();
        const detail = {
          ...toListingDetail(row, await app.listings.pageExtras(row)),
          openHouses: await app.openHouses.forPage(row),
        };
        const textForInfo = await app.textForInfo.pageLine(row);
        return html(reply, 200, renderListingPage(template, detail, site, { textForInfo }));
      },
    );
  }
};

export default listingPagesRoutes;
