import {
  auditLog,
  type Db,
  type NewAuditEntry,
  productCoverage,
  productRoleRepairs,
  products,
} from '@lantern/db';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { rolesToWrite } from '../../rules/product-roles.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

type Role = NonNullable<(typeof productCoverage.$inferSelect)['roles']>[number];

export interface AdminProductsQuery {
  sort: 'name';
  search?: string | undefined;
  dir: 'asc' | 'desc';
  limit: number;
  cursor?: string | undefined;
}

export interface CoveragePlace {
  state: string;
  county: string | null;
}

export interface CoverageRow extends CoveragePlace {
  roles: Role[] | null;
}

/** A place's key: state and the county as `countyKey` compares it ('' for the whole state). */
const placeKey = (state: string, county: string | null) =>
  `${state.toUpperCase()}|${
    county
      ? county
          .trim()
          .toLowerCase()
          .replace(/\s+(county|parish|borough)$/, '')
      : ''
  }`;

export interface ProductChange {
  name: string;
  description: string;
  priceCents: number | null;
  /** Undefined: unchanged. */
  depositCents?: number | null | undefined;
  /** Undefined: unchanged. Written only when it differs from the product's roles. */
  roles?: Role[] | null | undefined;
}

/** A product as Admin → Products shows it. */
export interface ProductRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  priceCents: number | null;
  depositCents: number | null;
  /** The roles of its first coverage row; null: every role. */
  roles: Role[] | null;
  updatedAt: Date;
}

/** Where a product is offered, and to whom. */
export interface ProductCoverageView {
  id: number;
  slug: string;
  name: string;
  roles: Role[] | null;
  places: CoverageRow[];
}

/** Builds the activity-log entry of a change from what it was and what it became. */
export type AuditOf<T> = (before: T, after: T) => NewAuditEntry;

const columns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  depositCents: products.depositCents,
  // Every row of a product carries the same roles (the seed and this page write them so). As
  // text[]: node-postgres does not parse arrays of an enum type. The outer table is named in
  // full: in a one-table select drizzle renders `${products.id}` as a bare "id", which inside
  // the subquery meant pc.id and gave every product the roles of coverage row 1 (issue 36).
  roles: sql<
    Role[] | null
  >`(select pc.roles::text[] from ${productCoverage} pc where pc.product_id = ${products}.id order by pc.id limit 1)`,
  updatedAt: products.updatedAt,
};

/** A product by slug, and its coverage rows. */
function adminProductQueries(db: Db) {
  async function bySlug(
    slug: string,
    tx: Pick<Db, 'select'> = db,
  ): Promise<ProductRow | undefined> {
    const [row] = await tx.select(columns).from(products).where(eq(products.slug, slug));
    return row;
  }
  /** Where a product is offered, by state then county (whole states first). */
  async function coverage(
    slug: string,
    tx: Pick<Db, 'select'> = db,
  ): Promise<ProductCoverageView | undefined> {
    const [product] = await tx
      .select({ id: products.id, slug: products.slug, name: products.name })
      .from(products)
      .where(eq(products.slug, slug));
    if (!product) return undefined;
    const places: CoverageRow[] = await tx
      .select({
        state: productCoverage.state,
        county: productCoverage.county,
        roles: sql<Role[] | null>`${productCoverage.roles}::text[]`,
      })
      .from(productCoverage)
      .where(eq(productCoverage.productId, product.id))
      .orderBy(
        asc(productCoverage.state),
        sql`${productCoverage.county} is not null`,
        sql`lower(${productCoverage.county})`,
      );
    // The product's roles as the Products page shows them: those of its first row.
    const [first] = await tx
      .select({ roles: sql<Role[] | null>`${productCoverage.roles}::text[]` })
      .from(productCoverage)
      .where(eq(productCoverage.productId, product.id))
      .orderBy(asc(productCoverage.id))
      .limit(1);
    return { ...product, roles: first?.roles ?? null, places };
  }

  return { bySlug, coverage };
}

/** Products by slug, their coverage, the role repairs, and staff's page. */
function adminProductReads(db: Db) {
  const { bySlug, coverage } = adminProductQueries(db);
  return {
    bySlug,

    coverage,

    /** What the repair of who may order did (migration 0043), by product name. */
    roleRepairs: () =>
      db
        .select({
          slug: products.slug,
          name: products.name,
          outcome: productRoleRepairs.outcome,
          rolesFound: sql<Role[] | null>`${productRoleRepairs.rolesFound}::text[]`,
          catalogueRoles: sql<Role[] | null>`${productRoleRepairs.catalogueRoles}::text[]`,
          createdAt: productRoleRepairs.createdAt,
        })
        .from(productRoleRepairs)
        .innerJoin(products, eq(products.id, productRoleRepairs.productId))
        .orderBy(sql`lower(${products.name})`, asc(products.id)),

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
  };
}

/** Setting where a product is offered. */
function adminProductCoverage(db: Db) {
  const { coverage } = adminProductQueries(db);
  return {
    /**
     * Make `places` the product's whole coverage in one transaction, under a row lock on the
     * product. Rows for places still listed are kept as they are (their roles with them); new
     * places take the product's current roles. The activity-log entry is written in the same
     * transaction. Answers before and after, or undefined.
     */
    async setCoverage(
      slug: string,
      places: readonly CoveragePlace[],
      auditOf: AuditOf<ProductCoverageView>,
    ) {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.slug, slug))
          .for('update');
        if (!locked) return undefined;
        const before = await coverage(slug, tx);
        if (!before) return undefined;
        const existing = await tx
          .select({
            id: productCoverage.id,
            state: productCoverage.state,
            county: productCoverage.county,
          })
          .from(productCoverage)
          .where(eq(productCoverage.productId, locked.id));
        const wanted = new Map(places.map((p) => [placeKey(p.state, p.county), p]));
        const kept = new Set<string>();
        const gone: number[] = [];
        for (const row of existing) {
          const key = placeKey(row.state, row.county);
          if (wanted.has(key) && !kept.has(key)) kept.add(key);
          else gone.push(row.id);
        }
        if (gone.length) await tx.delete(productCoverage).where(inArray(productCoverage.id, gone));
        const added = [...wanted].filter(([key]) => !kept.has(key)).map(([, p]) => p);
        if (added.length)
          await tx.insert(productCoverage).values(
            added.map((p) => ({
              productId: locked.id,
              state: p.state.toUpperCase(),
              county: p.county,
              roles: before.roles,
            })),
          );
        if (gone.length || added.length)
          await tx
            .update(products)
            .set({ updatedAt: new Date() })
            .where(eq(products.id, locked.id));
        const after = await coverage(slug, tx);
        if (!after) return undefined;
        await tx.insert(auditLog).values(auditOf(before, after));
        return { before, after };
      });
    },
  };
}

/** Changing a product. */
function adminProductUpdates(db: Db) {
  const { bySlug } = adminProductQueries(db);
  return {
    /**
     * Change a product in one transaction, under a row lock on it, with its activity-log entry.
     * Who may order is written only when the change names other roles than the product has
     * (issue 36: a save of a description must never touch them). Answers before and after.
     */
    async update(slug: string, change: ProductChange, auditOf: AuditOf<ProductRow>) {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.slug, slug))
          .for('update');
        if (!locked) return undefined;
        const before = await bySlug(slug, tx);
        if (!before) return undefined;
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
        const roles = rolesToWrite(before.roles, change.roles);
        if (roles !== undefined)
          await tx
            .update(productCoverage)
            .set({ roles })
            .where(eq(productCoverage.productId, locked.id));
        const after = await bySlug(slug, tx);
        if (!after) return undefined;
        await tx.insert(auditLog).values(auditOf(before, after));
        return { before, after };
      });
    },
  };
}

/**
 * The catalogue as staff edit it (issue 20). "Who may order" is the roles of the product's
 * coverage rows (docs/decisions/004): staff set them for every place the product is offered.
 */
export function createAdminProductRepository(db: Db) {
  return { ...adminProductReads(db), ...adminProductCoverage(db), ...adminProductUpdates(db) };
}
export type AdminProductRepository = ReturnType<typeof createAdminProductRepository>;
