import {
  ZAdminProductSlugParamsSchema,
  ZProductCoverageSchema,
  ZUpdateCoverageRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, notFound } from '../../_shared/replies.ts';

/** What the activity log keeps of a coverage list: its places, "IL" or "WA: King County". */
const audited = (places: ReadonlyArray<{ state: string; county: string | null }>) =>
  places.map((p) => (p.county ? `${p.state}: ${p.county}` : p.state));

/**
 * Coverage (issue 20; docs/decisions/004 and 028): where each product is offered. Every staff
 * member reads it; `products.manage` changes it. services-for-property reads the same rows on
 * every request, so a save changes what properties are offered at once.
 */
const productCoverageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:slug/coverage',
    {
      config: { access: { staff: [] } },
      schema: {
        tags: ['admin'],
        summary: 'Where a product is offered: states, and counties within them',
        params: ZAdminProductSlugParamsSchema,
        response: { 200: ZProductCoverageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const coverage = await app.adminProducts.coverage(request.params.slug);
      if (!coverage) return notFound(reply);
      return {
        slug: coverage.slug,
        name: coverage.name,
        roles: coverage.roles,
        places: coverage.places,
      };
    },
  );

  app.put(
    '/products/:slug/coverage',
    {
      config: {
        access: { staff: ['products.manage'] },
        audit: { action: 'product.coverage' },
      },
      schema: {
        tags: ['admin'],
        summary:
          'Set every place a product is offered; places kept keep their roles, new places take the product’s',
        params: ZAdminProductSlugParamsSchema,
        body: ZUpdateCoverageRequestSchema,
        response: { 200: ZProductCoverageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const entry = await request.prepareAudit();
      const { slug: recordId } = request.params;
      const changed = await app.adminProducts.setCoverage(
        recordId,
        request.body.places,
        (before, after) =>
          entry({
            recordType: 'product',
            recordId,
            before: { places: audited(before.places) },
            after: { places: audited(after.places) },
          }),
      );
      if (!changed) return notFound(reply);
      const { slug, name, roles, places } = changed.after;
      return { slug, name, roles, places };
    },
  );
};

export default productCoverageRoutes;
