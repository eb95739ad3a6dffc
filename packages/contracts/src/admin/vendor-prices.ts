import { z } from 'zod';
import { ZEmailSchema } from '../auth/credentials.ts';
import { singleLineText } from '../text.ts';
import { PRODUCT_PRICE_MAX_CENTS } from './products.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

export const VENDOR_PRICE_TEXTS = {
  price: 'Enter the amount in whole cents, from 0 to 10,000,000.',
  product: 'Choose a product of the catalogue.',
  notVendor: 'No vendor has this email address. Give the person a vendor kind first.',
  exists: 'This product already has a price for this vendor: change that one.',
} as const;

/** Vendor prices (issue 20): by product name, searchable by product, slug or vendor email. */
export const ZVendorPricesQuerySchema = ZListQuerySchema.extend({
  sort: z.enum(['product']).default('product'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});

export const ZVendorPriceSchema = z.object({
  id: z.number().int(),
  product: z.object({ slug: z.string(), name: z.string() }),
  /** The vendor this price is agreed with; null: the default for every vendor. */
  vendor: z.object({ hash: z.string(), email: z.string(), name: z.string().nullable() }).nullable(),
  /** What we pay for one order of the product, integer cents. */
  priceCents: z.number().int(),
  updatedAt: z.string(),
});
export type TVendorPrice = z.infer<typeof ZVendorPriceSchema>;
export const ZVendorPricesPageSchema = pageSchema(ZVendorPriceSchema);

/**
 * PUT /api/admin/vendor-prices: set the default price of a product (no vendor) or one vendor's
 * own price for it. Setting a price that exists changes it.
 */
export const ZSetVendorPriceRequestSchema = z.object({
  productSlug: singleLineText().trim().min(1, VENDOR_PRICE_TEXTS.product).max(80),
  /** Null: the default for every vendor. */
  vendorEmail: ZEmailSchema.nullable(),
  priceCents: z
    .number({ error: VENDOR_PRICE_TEXTS.price })
    .int(VENDOR_PRICE_TEXTS.price)
    .min(0, VENDOR_PRICE_TEXTS.price)
    .max(PRODUCT_PRICE_MAX_CENTS, VENDOR_PRICE_TEXTS.price),
});
export type TSetVendorPriceRequest = z.input<typeof ZSetVendorPriceRequestSchema>;

export const ZVendorPriceIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
