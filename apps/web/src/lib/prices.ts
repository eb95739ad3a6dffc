import { priceText, type SiteData, type TProduct } from '@lantern/contracts';
import { signsSlug } from '@lantern/domain';
import { site } from '../config/site.ts';

/** One product's published price, as the pages show it. */
export interface PriceLine {
  slug: string;
  /** The product's name in the catalogue, e.g. "Photography". */
  name: string;
  /** `priceText`: '$179', 'Free', '$39 + $100 refundable deposit', '$150 an hour'… */
  price: string;
}

/** Stands for the signs product, whose slug follows SITE_NAME (`lantern-signs`; spec section 3). */
const SIGNS_TOKEN = '{product}-signs';

/** A slug as a page's frontmatter names it, as the catalogue knows it. */
export const catalogueSlug = (slug: string) =>
  slug === SIGNS_TOKEN ? signsSlug(site.siteName) : slug;

/**
 * The prices of these products, in the order given. A product missing from the catalogue has no
 * line: a page then shows no price for it rather than one from anywhere else.
 */
export function priceLines(catalogue: readonly TProduct[], slugs: readonly string[]): PriceLine[] {
  const bySlug = new Map(catalogue.map((product) => [product.slug, product]));
  return slugs.flatMap((slug) => {
    const product = bySlug.get(catalogueSlug(slug));
    return product ? [{ slug: product.slug, name: product.name, price: priceText(product) }] : [];
  });
}

/**
 * The catalogue as Admin → Products left it, read for this request (`Astro.locals.site`, handed
 * over by the server). `astro dev` runs without the server: its pages show no prices.
 */
export async function readCatalogue(locals: { site?: SiteData }): Promise<TProduct[]> {
  return locals.site ? locals.site.catalogue() : [];
}

/** A product's price in integer cents, or undefined when the catalogue lacks it or quotes it. */
export function priceCents(catalogue: readonly TProduct[], slug: string): number | undefined {
  return catalogue.find((product) => product.slug === catalogueSlug(slug))?.priceCents ?? undefined;
}
