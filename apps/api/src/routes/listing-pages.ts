import {
  effectiveSort,
  LISTING_VIEW_PAGES,
  LISTING_VIEWS,
  LISTINGS_PAGE_SIZE,
  listingPagePath,
  type TListingView,
  ZListingsQuerySchema,
} from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toPublicListing } from '../features/public-listings/listing-detail.ts';
import {
  type ListingsFormValues,
  renderListingsPage,
} from '../features/public-listings/listings-page.ts';
import { listingPageSite } from '../features/public-listings/page-html.ts';
import { escapeHtml } from '../lib/escape-html.ts';
import { builtPage } from './_shared/built-page.ts';

const FORM_FIELDS = ['place', 'minPrice', 'maxPrice', 'beds', 'baths', 'type', 'sort'] as const;

/** The visitor's own values, as typed, for the form (strings only; the rest is ignored). */
function formValues(query: Record<string, unknown>): ListingsFormValues {
  const form: ListingsFormValues = {};
  for (const key of FORM_FIELDS) {
    const value = query[key];
    if (typeof value === 'string') form[key] = value.slice(0, 200);
  }
  return form;
}

const html = (reply: FastifyReply, code: number, body: string) =>
  reply
    .code(code)
    .type('text/html; charset=utf-8')
    // Filled from the database on each visit: a publish or an edit shows at once.
    .header('cache-control', 'no-cache')
    .send(body);

/**
 * The public listing lists, filled by the API into the built site (issue 19;
 * docs/decisions/007-public-site.md): /current-listings, /past-sales and /past-listings (filters,
 * sort, paging and a map, one zod schema with GET /api/listings), and the listings' sitemap.
 * Without a built site the lists are not registered. Each listing's own page (/listings/{slug})
 * is the public site's, rendered on demand (apps/web/src/pages/listings/[slug].astro).
 */
const listingPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = listingPageSite(app.config);

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

  for (const view of LISTING_VIEWS) {
    const path = LISTING_VIEW_PAGES[view];
    const template = builtPage(app.config.webDist, `${path.slice(1)}.html`);
    if (!template()) continue;
    app.get(path, { schema: { hide: true } }, async (request, reply) => {
      const query = (request.query ?? {}) as Record<string, unknown>;
      const form = formValues(query);
      const page = template();
      if (!page) return reply.callNotFound();
      const parsed = ZListingsQuerySchema.safeParse({ ...query, view });
      if (!parsed.success) {
        const errors = [...new Set(parsed.error.issues.map((i) => i.message))];
        const body = renderListingsPage(
          page,
          { view, form, sort: effectiveSort(view, undefined), results: null, errors },
          site,
        );
        return html(reply, 422, body);
      }
      const filter = parsed.data;
      const { rows, total } = await app.listings.publishedPage(filter, LISTINGS_PAGE_SIZE);
      const body = renderListingsPage(
        page,
        {
          view: view as TListingView,
          form,
          sort: effectiveSort(view, filter.sort),
          results: {
            listings: rows.map(toPublicListing),
            total,
            page: filter.page,
            pageSize: LISTINGS_PAGE_SIZE,
          },
        },
        site,
      );
      return html(reply, 200, body);
    });
  }
};

export default listingPagesRoutes;
