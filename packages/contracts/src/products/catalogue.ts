import { z } from 'zod';

/** One product of the catalogue (the products table). */
export const ZProductSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Integer US cents; null when the price is quoted per property rather than fixed. */
  priceCents: z.number().int().nonnegative().nullable(),
  /** A refundable deposit billed with it, untaxed (the lockbox's $100); null: none. */
  depositCents: z.number().int().positive().nullable(),
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

/**
 * Agent representation is not charged up front (issue 20): its order is a request for an agent,
 * and the terms of each agreement are set with the customer. These are the published terms the
 * product pages show; they are not billed by us at order time.
 */
export const REPRESENTATION_TERMS: Readonly<Record<string, string>> = {
  'seller-flat-fee-representation': '$2,995 flat fee, paid at closing',
  'buyer-flat-fee-representation': '$2,995 flat fee, paid at closing',
  'seller-hourly-representation': '$150 an hour',
  'buyer-hourly-representation': '$150 an hour',
  'seller-full-service-representation': '2.5% of the price, paid at closing',
  'buyer-full-service-representation': '2.5% of the price, paid at closing',
};

/** What a product page shows as the price: the price, the representation terms, or a quote. */
export function priceText(product: {
  slug: string;
  priceCents: number | null;
  depositCents?: number | null;
}): string {
  const price =
    formatPrice(product.priceCents) ??
    REPRESENTATION_TERMS[product.slug] ??
    'Priced for your property';
  return product.depositCents && product.priceCents !== null
    ? `${price} + ${formatPrice(product.depositCents)} refundable deposit`
    : price;
}
