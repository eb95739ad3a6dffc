import { type Db, mlsBoards, productCoverage, products } from '@lantern/db';
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';

export interface Placement {
  state: string;
  county: string | null;
  role: string;
}

/** Offered where coverage says so, and only where the MLS dataset covers the county (spec 3). */
const LOCAL_MLS = 'mls-listing-local';

/**
 * 'King County', 'king', 'St. Landry Parish' → comparable names (`countyKey` in contracts is the
 * same rule for the admin forms).
 */
export const countyKey = (column: unknown) =>
  sql`regexp_replace(lower(trim(${column})), '\\s+(county|parish|borough)$', '')`;

export function createProductRepository(db: Db) {
  /** Whether an MLS board of the mls_boards dataset (issue 3) lists this county in this state. */
  async function mlsCoversCounty(state: string, county: string | null): Promise<boolean> {
    if (!county?.trim()) return false;
    const [row] = await db
      .select({ id: mlsBoards.id })
      .from(mlsBoards)
      .where(
        and(
          sql`${state.trim().toUpperCase()} = any(${mlsBoards.states})`,
          sql`exists (select 1 from unnest(${mlsBoards.counties}) as c(name) where ${countyKey(sql`c.name`)} = ${countyKey(county)})`,
        ),
      )
      .limit(1);
    return !!row;
  }

  return {
    async catalogue() {
      return db
        .select({
          slug: products.slug,
          name: products.name,
          priceCents: products.priceCents,
          depositCents: products.depositCents,
          description: products.description,
        })
        .from(products)
        .orderBy(asc(products.id));
    },

    /**
     * Slugs of the products covering this place for this role (schema/products.ts). A county row
     * matches whether or not either side says "County" (staff type "King", geocoders "King County").
     */
    async availableSlugs({ state, county, role }: Placement): Promise<Set<string>> {
      const countyMatch = county?.trim()
        ? or(
            isNull(productCoverage.county),
            sql`${countyKey(productCoverage.county)} = ${countyKey(county)}`,
          )
        : isNull(productCoverage.county);
      const rows = await db
        .selectDistinct({ slug: products.slug })
        .from(productCoverage)
        .innerJoin(products, eq(products.id, productCoverage.productId))
        .where(
          and(
            eq(productCoverage.state, state.trim().toUpperCase()),
            countyMatch,
            sql`(${productCoverage.roles} is null or ${role}::property_role = any(${productCoverage.roles}))`,
          ),
        );
      const slugs = new Set(rows.map((r) => r.slug));
      if (slugs.has(LOCAL_MLS) && !(await mlsCoversCounty(state, county))) slugs.delete(LOCAL_MLS);
      return slugs;
    },
  };
}
export type ProductRepository = ReturnType<typeof createProductRepository>;
