import { type Db, productCoverage, products } from '@lantern/db';
import { and, eq, or, sql } from 'drizzle-orm';
import { escapeLike } from './jobs.ts';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from './keyset.ts';

type Role = NonNullable<(typeof productCoverage.$inferSelect)['roles']>[number];

export interface AdminProductsQuery {
  sort: 'name';
  search?: string | undefined;
  dir: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

export interface ProductChange {
  name: string;
  description: string;
  priceCents: number | null;
  /** Undefined: unchanged. */
  depositCents?: number | null | undefined;
  roles: Role[] | null;
}

/**
 * The catalogue as staff edit it (issue 20). "Who may order" is the roles of the product's
 * coverage rows (docs/decisions/004): staff set them for every place the product is offered.
 */
export function createAdminProductRepository(db: Db) {
  const columns = {
    id: products.id,
    slug: products.slug,
    name: products.name,
    description: products.description,
    priceCents: products.priceCents,
    depositCents: products.depositCents,
    // Every row of a product carries the same roles (the seed and this page write them so). As
    // text[]: node-postgres does not parse arrays of an enum type.
    roles: sql<
      Role[] | null
    >`(select pc.roles::text[] from ${productCoverage} pc where pc.product_id = ${products.id} order by pc.id limit 1)`,
    updatedAt: products.updatedAt,
  };
  async function bySlug(slug: string, tx: Pick<Db, 'select'> = db) {
    const [row] = await tx.select(columns).from(products).where(eq(products.slug, slug));
    return row;
  }
  return {
    bySlug,
    async page(q: AdminProductsQuery) {
      const sort: KeysetSort = { expr: sql`lower(${products.name})`, type: 'text', dir: q.dir };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const rows = await db
        .select({ ...columns, sortKey: sortText(sort), keyId: products.id })
        .from(products)
        .where(
          and(
            term
              ? or(sql`${products.name} ilike ${term}`, sql`${products.slug} ilike ${term}`)
              : undefined,
            afterCursor(sort, products.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, products.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },
    /** Change a product and who may order it in one transaction; answers before and after. */
    async update(slug: string, change: ProductChange) {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.slug, slug))
          .for('update');
        if (!locked) return undefined;
        const before = await bySlug(slug, tx);
        await tx
          .update(products)
          .set({
            name: change.name,
            description: change.description,
            priceCents: change.priceCents,
            ...(change.depositCents !== undefined ? { depositCents: change.depositCents } : {}),
            updatedAt: new Date(),
          })
          .where(eq(products.id, locked.id));
        await tx
          .update(productCoverage)
          .set({ roles: change.roles })
          .where(eq(productCoverage.productId, locked.id));
        const after = await bySlug(slug, tx);
        return before && after ? { before, after } : undefined;
      });
    },
  };
}
export type AdminProductRepository = ReturnType<typeof createAdminProductRepository>;
