import { z } from 'zod';

/** One product of the catalogue (the products table). */
export const ZProductSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Integer US cents; null when the price is quoted per property rather than fixed. */
  priceCents: z.number().int().nonnegative().nullable(),
  description: z.string(),
});
export type TProduct = z.infer<typeof ZProductSchema>;

/** GET /api/dashboard/products: the catalogue the product pages describe. */
export const ZProductCatalogueResponseSchema = z.object({ products: z.array(ZProductSchema) });
export type TProductCatalogueResponse = z.infer<typeof ZProductCatalogueResponseSchema>;

/** '$149', '$12.50', 'Free', or null for a quoted price. */
export function formatPrice(priceCents: number | null): string | null {
  if (priceCents === null) return null;
  if (priceCents === 0) return 'Free';
  const dollars = priceCents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}
