import {
  MESSAGES,
  type TVendorPrice,
  VENDOR_PRICE_TEXTS,
  ZSetVendorPriceRequestSchema,
  ZVendorPriceIdParamsSchema,
  ZVendorPriceSchema,
  ZVendorPricesPageSchema,
  ZVendorPricesQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { VendorPriceRepository } from '../../../features/catalogue/vendor-prices.repository.ts';
import { ERRORS, notFound, page } from '../../_shared/replies.ts';

type Row = NonNullable<Awaited<ReturnType<VendorPriceRepository['byId']>>>;

const toPrice = (r: Row): TVendorPrice => ({
  id: r.id,
  product: { slug: r.productSlug, name: r.productName },
  vendor:
    r.vendorHash && r.vendorEmail
      ? { hash: r.vendorHash, email: r.vendorEmail, name: r.vendorName }
      : null,
  priceCents: r.priceCents,
  updatedAt: new Date(r.updatedAt).toISOString(),
});

/**
 * Vendor prices (issue 20; docs/decisions/028): what we pay vendors for one order of a product,
 * a default per product and a price per vendor where one was agreed. What we pay is commercial
 * detail, so reading needs `vendors.prices` as well as changing.
 */
const vendorPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vendor-prices',
    {
      config: { access: { staff: ['vendors.prices'] } },
      schema: {
        tags: ['admin'],
        summary: 'Vendor prices by product, the default first; search by product or vendor email',
        querystring: ZVendorPricesQuerySchema,
        response: { 200: ZVendorPricesPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.vendorPrices.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(toPrice), nextCursor: result.nextCursor };
    },
  );

  app.put(
    '/vendor-prices',
    {
      config: { access: { staff: ['vendors.prices'] }, audit: { action: 'vendor-price.set' } },
      schema: {
        tags: ['admin'],
        summary: "Set a product's default vendor price, or one vendor's own (integer cents)",
        body: ZSetVendorPriceRequestSchema,
        response: { 200: ZVendorPriceSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { productSlug, vendorEmail, priceCents } = request.body;
      const productId = await app.vendorPrices.productId(productSlug);
      if (!productId)
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: { productSlug: [VENDOR_PRICE_TEXTS.product] },
        });
      const vendorId = vendorEmail ? await app.vendorPrices.vendorId(vendorEmail) : null;
      if (vendorId === undefined)
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: { vendorEmail: [VENDOR_PRICE_TEXTS.notVendor] },
        });
      const written = await app.vendorPrices.set(productId, vendorId, priceCents);
      const row = await app.vendorPrices.byId(written.id);
      if (!row) return notFound(reply);
      const price = toPrice(row);
      request.audit({
        recordType: 'vendor-price',
        recordId: String(price.id),
        ...(written.before === undefined
          ? {}
          : {
              before: {
                product: productSlug,
                vendor: price.vendor?.email ?? null,
                priceCents: written.before,
              },
            }),
        after: { product: productSlug, vendor: price.vendor?.email ?? null, priceCents },
      });
      return price;
    },
  );

  app.delete(
    '/vendor-prices/:id',
    {
      config: { access: { staff: ['vendors.prices'] }, audit: { action: 'vendor-price.remove' } },
      schema: {
        tags: ['admin'],
        summary: 'Remove a vendor price (a vendor without their own is paid the default)',
        params: ZVendorPriceIdParamsSchema,
        response: { 204: z.null(), ...ERRORS },
      },
    },
    async (request, reply) => {
      const removed = await app.vendorPrices.remove(request.params.id);
      if (!removed) return notFound(reply);
      const price = toPrice(removed);
      request.audit({
        recordType: 'vendor-price',
        recordId: String(price.id),
        before: {
          product: price.product.slug,
          vendor: price.vendor?.email ?? null,
          priceCents: price.priceCents,
        },
      });
      return reply.code(204).send(null);
    },
  );
};

export default vendorPriceRoutes;
