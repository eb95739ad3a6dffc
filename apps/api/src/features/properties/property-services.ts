import { isValuationProduct } from '@lantern/contracts';
import { serviceSlugs } from '@lantern/domain';
import type { Placement, ProductRepository } from '../catalogue/products.repository.ts';

/**
 * The services-for-property answer: every slug of spec section 3, true where the catalogue's
 * coverage offers that product at this place to this role. Slugs with no product row are false.
 * `valuationOffered` false (no street-level position, or too few recent sales near the home:
 * issue 38) turns every valuation product off, Free Comps too.
 */
export async function servicesForProperty(
  products: ProductRepository,
  siteName: string,
  placement: Placement,
  valuationOffered = true,
): Promise<Record<string, boolean>> {
  const available = await products.availableSlugs(placement);
  return Object.fromEntries(
    serviceSlugs(siteName).map((slug) => [
      slug,
      available.has(slug) && (valuationOffered || !isValuationProduct(slug)),
    ]),
  );
}
