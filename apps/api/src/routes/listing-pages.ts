import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The published listings' sitemap (issue 19). The listing pages themselves, and the lists
 * /current-listings, /past-sales and /past-listings, are the public site's, rendered on demand
 * (apps/web/src/pages; docs/decisions/077-one-rendering-technology.md).
 */
const listingPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The listing pages change without a build, so their sitemap is made by the server and kept
  // until a listing changes (features/public-listings/listings-sitemap.ts); robots.txt names it
  // beside the built one.
  app.get('/sitemap-listings.xml', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(await app.listingsSitemap.xml()),
  );
};

export default listingPagesRoutes;
