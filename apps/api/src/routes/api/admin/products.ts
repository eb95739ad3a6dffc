import {
  type TAdminProduct,
  ZAdminProductSchema,
  ZAdminProductSlugParamsSchema,
  ZAdminProductsPageSchema,
  ZAdminProductsQuerySchema,
  ZProductRoleRepairSchema,
  ZUpdateProductRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProductRow as Row } from '../../../features/catalogue/admin-products.repository.ts';
import { ERRORS, notFound, page } from '../../_shared/replies.ts';

const toProduct = (r: Row): TAdminProduct => ({
  slug: r.slug,
  name: r.name,
  description: r.description,
  priceCents: r.priceCents,
  depositCents: r.depositCents,
  roles: r.roles,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/** What an activity-log entry keeps of a product: what staff change here. */
const audited = ({ name, description, priceCents, depositCents, roles }: Row) => ({
  name,
  description,
  priceCents,
  depositCents,
  roles,
});

/**
 * Products (issue 20): every staff member reads the catalogue; changing names, descriptions,
 * prices and who may order needs `products.manage`. A price is copied onto each order when it is
 * placed, so a change never rewrites an order or invoice (docs/decisions/010).
 */
const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products',
    {
      config: { access: { staff: [] } },
      schema: {
        tags: ['admin'],
        summary: 'Every product with its price and the roles that may order it',
        querystring: ZAdminProductsQuerySchema,
        response: { 200: ZAdminProductsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.adminProducts.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(toProduct), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/product-role-repair',
    {
      config: { access: { staff: [] } },
      schema: {
        tags: ['admin'],
        summary:
          'What the repair of who may order did: products restored from the catalogue, and those kept as staff set them',
        response: { 200: ZProductRoleRepairSchema, ...ERRORS },
      },
    },
    async () => {
      const rows = await app.adminProducts.roleRepairs();
      const item = ({ slug, name, rolesFound, catalogueRoles }: (typeof rows)[number]) => ({
        slug,
        name,
        rolesFound,
        catalogueRoles,
      });
      return {
        repairedAt: rows[0] ? new Date(rows[0].createdAt).toISOString() : null,
        restored: rows.filter((r) => r.outcome === 'restored').map(item),
        kept: rows.filter((r) => r.outcome === 'kept').map(item),
      };
    },
  );

  app.put(
    '/products/:slug',
    {
      config: { access: { staff: ['products.manage'] }, audit: { action: 'product.update' } },
      schema: {
        tags: ['admin'],
        summary:
          "Change a product's name, description, price and deposit (integer cents) and who may order it; roles left out or unchanged are not written",
        params: ZAdminProductSlugParamsSchema,
        body: ZUpdateProductRequestSchema,
        response: { 200: ZAdminProductSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const entry = await request.prepareAudit();
      const { slug } = request.params;
      const changed = await app.adminProducts.update(slug, request.body, (before, after) =>
        entry({
          recordType: 'product',
          recordId: slug,
          before: audited(before),
          after: audited(after),
        }),
      );
      if (!changed) return notFound(reply);
      return toProduct(changed.after);
    },
  );
};

export default productRoutes;
