import type { SiteData } from '@lantern/contracts';
import type { FastifyInstance } from 'fastify';

/**
 * The server's side of `Astro.locals.site` (packages/contracts/src/site/site-data.ts): each read
 * goes through the same repositories and services as the API, on the same database.
 */
export function createSiteData(app: FastifyInstance): SiteData {
  return {
    catalogue: () => app.products.catalogue(),
  };
}
