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

/**
 * Whether an MLS board of the mls_boards dataset (issue 3) lists this county in this state, as a
 * condition of the same query (issue 46: services-for-property in one round trip).
 */
function mlsCoversCounty(state: string, county: string | null) {
  if (!county?.trim()) return sql`false`;
  return sql`exists (select 1 from ${mlsBoards} where ${state.trim().toUpperCase()} = any(${mlsBoards.states}) and exists (select 1 from unnest(${mlsBoards.counties}) as c(name) where ${countyKey(sql`c.name`)} = ${countyKey(county)}))`;
}

export function createProductRepository(db: Db) {
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
        .selectDistinct({
          slug: products.slug,
          // Only the local MLS listing asks whether a board covers the county.
          covered: sql<boolean>`case when ${products.slug} = ${LOCAL_MLS} then ${mlsCoversCounty(state, county)} else true end`,
        })
        .from(productCoverage)
        .innerJoin(products, eq(products.id, productCoverage.productId))
        .where(
          and(
            eq(productCoverage.state, state.trim().toUpperCase()),
            countyMatch,
            sql`(${productCoverage.roles} is null or ${role}::property_role = any(${productCoverage.roles}))`,
          ),
        );
      const slugs = new Set(rows.filter((r) => r.covered).map((r) => r.slug));
      return slugs;
    },
  };
}
export type ProductRepository = ReturnType<typeof createProductRepository>;
