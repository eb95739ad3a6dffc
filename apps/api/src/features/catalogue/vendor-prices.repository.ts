import { type Db, products, users, userVendorKinds, vendorPrices } from '@lantern/db';
import { and, eq, exists, isNull, or, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

export interface VendorPricesQuery {
  sort: 'product';
  search?: string | undefined;
  dir: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

const columns = {
  id: vendorPrices.id,
  productSlug: products.slug,
  productName: products.name,
  vendorHash: users.hash,
  vendorEmail: users.email,
  vendorName: users.name,
  priceCents: vendorPrices.priceCents,
  updatedAt: vendorPrices.updatedAt,
};

/** Prices with their product and vendor. */
function vendorPriceQueries(db: Db) {
  const joined = () =>
    db
      .select(columns)
      .from(vendorPrices)
      .innerJoin(products, eq(products.id, vendorPrices.productId))
      .leftJoin(users, eq(users.id, vendorPrices.vendorUserId));
  async function byId(id: number) {
    const [row] = await joined().where(eq(vendorPrices.id, id));
    return row;
  }

  return { joined, byId };
}

/** Prices paged and found, and the product and vendor they name. */
function vendorPriceReads(db: Db) {
  const { byId } = vendorPriceQueries(db);
  return {
    byId,

    /** By product name, the default first and then each vendor by email. */
    async page(q: VendorPricesQuery) {
      const sort: KeysetSort = {
        expr: sql`lower(${products.name}) || ' ' || coalesce(lower(${users.email}), '')`,
        type: 'text',
        dir: q.dir,
      };
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const rows = await db
        .select({ ...columns, sortKey: sortText(sort), keyId: vendorPrices.id })
        .from(vendorPrices)
        .innerJoin(products, eq(products.id, vendorPrices.productId))
        .leftJoin(users, eq(users.id, vendorPrices.vendorUserId))
        .where(
          and(
            term
              ? or(
                  sql`${products.name} ilike ${term}`,
                  sql`${products.slug} ilike ${term}`,
                  sql`${users.email} ilike ${term}`,
                )
              : undefined,
            afterCursor(sort, vendorPrices.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, vendorPrices.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },

    async productId(slug: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.slug, slug));
      return row?.id;
    },

    /** The account with this email that holds at least one vendor kind. */
    async vendorId(email: string): Promise<number | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) = lower(${email})`,
            exists(
              db
                .select({ one: sql`1` })
                .from(userVendorKinds)
                .where(eq(userVendorKinds.userId, users.id)),
            ),
          ),
        );
      return row?.id;
    },
  };
}

/** Setting and removing a price. */
function vendorPriceWrites(db: Db) {
  const { byId } = vendorPriceQueries(db);
  return {
    /**
     * Set the price of a product for a vendor (null: the default): a new row, or a change of the
     * one there under a row lock. Answers the price before (undefined when new) and the row's id.
     */
    async set(productId: number, vendorUserId: number | null, priceCents: number) {
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(vendorPrices)
          .values({ productId, vendorUserId, priceCents })
          .onConflictDoNothing()
          .returning({ id: vendorPrices.id });
        if (inserted) return { before: undefined, id: inserted.id };
        const [before] = await tx
          .select({ id: vendorPrices.id, priceCents: vendorPrices.priceCents })
          .from(vendorPrices)
          .where(
            and(
              eq(vendorPrices.productId, productId),
              vendorUserId === null
                ? isNull(vendorPrices.vendorUserId)
                : eq(vendorPrices.vendorUserId, vendorUserId),
            ),
          )
          .for('update');
        if (!before) throw new Error('vendor price neither inserted nor found');
        await tx
          .update(vendorPrices)
          .set({ priceCents, updatedAt: new Date() })
          .where(eq(vendorPrices.id, before.id));
        return { before: before.priceCents as number | undefined, id: before.id };
      });
    },

    /** Remove a price; answers the removed row, or undefined. */
    async remove(id: number) {
      const row = await byId(id);
      if (!row) return undefined;
      const deleted = await db
        .delete(vendorPrices)
        .where(eq(vendorPrices.id, id))
        .returning({ id: vendorPrices.id });
      return deleted.length ? row : undefined;
    },
  };
}

/**
 * What we pay vendors per product (issue 20; docs/decisions/028-coverage-and-mls-admin.md): a
 * default per product and per-vendor overrides, integer cents.
 */
export function createVendorPriceRepository(db: Db) {
  return { ...vendorPriceReads(db), ...vendorPriceWrites(db) };
}
export type VendorPriceRepository = ReturnType<typeof createVendorPriceRepository>;
