import { inArray } from 'drizzle-orm';
import type { Db } from '../src/client.ts';
import { productCoverage, products } from '../src/schema/products.ts';
import {
  CATALOGUE,
  type CatalogueEntry,
  SIGNS_SLUG,
  US_JURISDICTIONS,
} from './products-catalogue.ts';

export interface SeedCatalogueOptions {
  /** `{product}-signs` for the configured SITE_NAME, e.g. `lantern-signs`. */
  signsSlug: string;
  catalogue?: readonly CatalogueEntry[];
}

/**
 * Insert the products that are missing, each with its coverage, in one transaction. Products
 * already present are left alone (staff may have edited them), so this is safe at every start
 * and from several instances at once: a concurrent insert of the same slug is skipped.
 * Returns the slugs inserted.
 */
export async function seedProductCatalogue(
  db: Db,
  { signsSlug, catalogue = CATALOGUE }: SeedCatalogueOptions,
): Promise<string[]> {
  const entries = catalogue.map((e) => (e.slug === SIGNS_SLUG ? { ...e, slug: signsSlug } : e));
  const slugs = entries.map((e) => e.slug);
  const present = await db
    .select({ slug: products.slug })
    .from(products)
    .where(inArray(products.slug, slugs));
  const have = new Set(present.map((p) => p.slug));
  const missing = entries.filter((e) => !have.has(e.slug));
  if (!missing.length) return [];

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(products)
      .values(
        missing.map(({ slug, name, priceCents, depositCents, description }) => ({
          slug,
          name,
          priceCents,
          depositCents: depositCents ?? null,
          description,
        })),
      )
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id, slug: products.slug });
    const rows = inserted.flatMap(({ id, slug }) => {
      const entry = missing.find((e) => e.slug === slug);
      if (!entry) return [];
      const roles = entry.roles ? [...entry.roles] : null;
      const places =
        entry.coverage === 'nationwide'
          ? US_JURISDICTIONS.map((state) => ({ state, county: null as string | null }))
          : entry.coverage;
      return places.map(({ state, county }) => ({ productId: id, state, county, roles }));
    });
    if (rows.length) await tx.insert(productCoverage).values(rows);
    return inserted.map((r) => r.slug);
  });
}
