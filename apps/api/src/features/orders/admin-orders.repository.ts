import type { TAdminOrdersQuery, TOrderStatus } from '@lantern/contracts';
import {
  type Db,
  invoices,
  type Order,
  orderNotes,
  orders,
  products,
  properties,
  taxRates,
  users,
} from '@lantern/db';
import { and, asc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import {
  afterCursorSlot,
  cursorValues,
  type KeysetSort,
  keysetOrder,
  preparedShapes,
  sortText,
  toPage,
} from '../../lib/keyset.ts';
import { priceOrder } from '../../rules/pricing.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';
import { invoiceOfOrder } from '../payments/invoice-join.repository.ts';
import { releaseCoupon } from './coupons.repository.ts';
import { insertInvoice } from './orders.repository.ts';

const author = alias(users, 'author');

const rowColumns = {
  order: orders,
  productSlug: products.slug,
  productName: products.name,
  propertyHash: properties.hash,
  street: properties.street,
  unit: properties.unit,
  city: properties.city,
  state: properties.state,
  customerHash: users.hash,
  customerEmail: users.email,
  invoiceHash: invoices.hash,
  invoiceStatus: invoices.status,
  invoiceTotalCents: invoices.totalCents,
  invoicePaidCents: invoices.paidCents,
  invoiceRefundedCents: invoices.refundedCents,
};

async function lockOrder(tx: Parameters<Parameters<Db['transaction']>[0]>[0], hash: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.hash, hash)).for('update');
  return order;
}

/** A list row reads only what the table shows of the order (issue 46), not all its columns. */
const listColumns = {
  order: {
    hash: orders.hash,
    status: orders.status,
    priceCents: orders.priceCents,
    createdAt: orders.createdAt,
  },
};

/** Orders with what staff read beside them; `extra` adds columns or narrows the order's. */
function adminOrderQueries(db: Db) {
  const rows = <E extends Record<string, SQL | typeof listColumns.order>>(extra: E = {} as E) =>
    db
      .select({ ...rowColumns, ...extra })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(properties, eq(properties.id, orders.propertyId))
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(invoices, invoiceOfOrder)
      .$dynamic();
  return { rows };
}

/**
 * A search's matches are sorted when at most this many (each found through an index, decision
 * 088); more, and they are dense enough that walking the list's order finds a page soon.
 */
export const ORDER_SEARCH_SORT_CAP = 1000;

/**
 * How a page searches: not at all; among the ids of its matches (found through trigram indexes);
 * or by walking the order and testing each row, when the matches are many.
 */
type OrdersSearch = 'none' | 'ids' | 'walk';

/** Which filters a page sets and its order: one prepared statement each. */
interface OrdersShape extends Record<string, string | boolean> {
  dir: 'asc' | 'desc';
  status: boolean;
  product: boolean;
  search: OrdersSearch;
  cursor: boolean;
}

/** A staff search over the customer's email, the address ("street city") and the product. */
function searchMatch(term: SQLWrapper) {
  return sql`(${users.email} ilike ${term} or (${properties.street} || ' ' || ${properties.city}) ilike ${term} or ${products.name} ilike ${term})`;
}

/**
 * The orders a search matches, each part through its own index: trigrams on emails and
 * addresses, then each one's orders; a product's orders (decision 088).
 */
function searchHits(db: Db, term: string) {
  // Each union gets its own parts: drizzle's set operators append to their first query.
  const byEmail = () =>
    db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(sql`${users.email} ilike ${term}`);
  const byAddress = () =>
    db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(properties, eq(properties.id, orders.propertyId))
      .where(sql`(${properties.street} || ' ' || ${properties.city}) ilike ${term}`);
  const byProduct = db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(sql`${products.name} ilike ${term}`);
  return {
    people: unionAll(byEmail(), byAddress()),
    all: unionAll(byEmail(), byAddress(), byProduct),
  };
}

/**
 * How many orders PostgreSQL expects a search to find by email and address, from its statistics
 * (planning only, nothing read). A common term ("Austin", "gmail") would fill a bitmap with most
 * of a table before the first id came back; a product's orders are read from their index.
 */
async function expectedHits(db: Db, query: SQLWrapper): Promise<number> {
  const explained = await db.execute(sql`explain (format json) ${query}`);
  const [row] = (explained as { rows?: Record<string, unknown>[] }).rows ?? [];
  const plan = row?.['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as
    | [{ Plan: { 'Plan Rows': number } }]
    | undefined;
  return parsed?.[0]?.Plan['Plan Rows'] ?? 0;
}

/** Staff's order list as one prepared statement per shape (decision 087). */
function ordersPageQueries(db: Db) {
  const { rows } = adminOrderQueries(db);
  return preparedShapes('admin_orders', (shape: OrdersShape, name) => {
    const sort: KeysetSort = { expr: orders.createdAt, type: 'timestamptz', dir: shape.dir };
    return (
      rows({ ...listColumns, sortKey: sortText(sort), keyId: sql<number>`${orders.id}` })
        .where(
          and(
            shape.status ? eq(orders.status, sql.placeholder('status')) : undefined,
            // The product's id as a value, so one product's orders walk orders_product_created_idx.
            shape.product
              ? eq(
                  orders.productId,
                  sql`(select ${products.id} from ${products} where ${products.slug} = ${sql.placeholder('product')})`,
                )
              : undefined,
            shape.search === 'ids'
              ? sql`${orders.id} = any(${sql.placeholder('ids')}::int[])`
              : undefined,
            shape.search === 'walk' ? searchMatch(sql.placeholder('term')) : undefined,
            shape.cursor ? afterCursorSlot(sort, orders.id) : undefined,
          ),
        )
        .orderBy(...keysetOrder(sort, orders.id))
        .limit(sql.placeholder('limit'))
        // A walk is planned for its term; a page of ids is one statement for any.
        .prepare(shape.search === 'walk' ? '' : name)
    );
  });
}

/** Orders paged and found, and their notes. */
function adminOrderReads(db: Db) {
  const { rows } = adminOrderQueries(db);
  const pageQuery = ordersPageQueries(db);
  return {
    async page(q: TAdminOrdersQuery) {
      const term = q.search ? `%${escapeLike(q.search)}%` : undefined;
      const values = {
        status: q.status,
        product: q.product,
        term,
        limit: q.limit + 1,
        ...(q.cursor ? cursorValues(q.cursor) : {}),
      };
      const run = (search: OrdersSearch, ids?: number[]) =>
        pageQuery({
          dir: q.dir,
          status: q.status !== 'all',
          product: Boolean(q.product),
          search,
          cursor: Boolean(q.cursor),
        }).execute({ ...values, ids });
      if (!term) return toPage(await run('none'), q.limit);
      const hits = searchHits(db, term);
      if ((await expectedHits(db, hits.people)) > ORDER_SEARCH_SORT_CAP) {
        return toPage(await run('walk'), q.limit);
      }
      const found = await hits.all.limit(ORDER_SEARCH_SORT_CAP + 1);
      const ids = [...new Set(found.map((h) => h.id))];
      const page = ids.length > ORDER_SEARCH_SORT_CAP ? await run('walk') : await run('ids', ids);
      return toPage(page, q.limit);
    },

    async find(hash: string) {
      const [row] = await rows().where(eq(orders.hash, hash));
      return row;
    },

    notes: (orderId: number) =>
      db
        .select({
          id: orderNotes.id,
          body: orderNotes.body,
          at: orderNotes.createdAt,
          by: author.email,
        })
        .from(orderNotes)
        .leftJoin(author, eq(author.id, orderNotes.authorId))
        .where(eq(orderNotes.orderId, orderId))
        .orderBy(asc(orderNotes.id)),

    async addNote(orderId: number, authorId: number | null, body: string) {
      await db.insert(orderNotes).values({ orderId, authorId, body });
    },
  };
}

/** Pricing a quote and moving an order, under its lock. */
function adminOrderMoves(db: Db) {
  return {
    /**
     * Price a quote: the order gets its price and its invoice (service, tax and any deposit, as
     * when a priced product is ordered) in one transaction under the order's lock.
     */
    async priceQuote(
      hash: string,
      priceCents: number,
    ): Promise<
      | { ok: true; order: Order; invoiceHash: string; totalCents: number }
      | { ok: false; reason: 'notFound' | 'notQuote' }
    > {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, hash);
        if (!order) return { ok: false, reason: 'notFound' };
        if (order.status !== 'quote_requested') return { ok: false, reason: 'notQuote' };
        const [place] = await tx
          .select({ state: properties.state, name: products.name, deposit: products.depositCents })
          .from(properties)
          .innerJoin(products, eq(products.id, order.productId))
          .where(eq(properties.id, order.propertyId));
        const [rate] = await tx
          .select({ bps: taxRates.rateBasisPoints })
          .from(taxRates)
          .where(eq(taxRates.state, (place?.state ?? '').toUpperCase()));
        const depositCents = place?.deposit ?? 0;
        const price = priceOrder(priceCents, null, rate?.bps ?? 0, depositCents);
        const now = new Date();
        const status: TOrderStatus = price.totalCents === 0 ? 'confirmed' : 'pending_payment';
        const [updated] = await tx
          .update(orders)
          .set({ priceCents, status, updatedAt: now })
          .where(eq(orders.id, order.id))
          .returning();
        const invoice = await insertInvoice(tx, {
          order,
          price,
          rateBps: rate?.bps ?? 0,
          serviceName: place?.name ?? 'Service',
          servicePriceCents: priceCents,
          depositCents,
          now,
        });
        return {
          ok: true,
          order: updated ?? order,
          invoiceHash: invoice.hash,
          totalCents: price.totalCents,
        };
      });
    },

    /**
     * Set an order's status when `allowed` says its current one may move, under its lock; a
     * cancelled order gives its coupon back. Answers the order before.
     */
    async move(
      hash: string,
      to: 'cancelled' | 'completed',
      allowed: (order: Order) => boolean,
    ): Promise<{ ok: true; before: Order } | { ok: false; reason: 'notFound' | 'refused' }> {
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, hash);
        if (!order) return { ok: false, reason: 'notFound' };
        if (!allowed(order)) return { ok: false, reason: 'refused' };
        await tx
          .update(orders)
          .set({ status: to, updatedAt: new Date() })
          .where(eq(orders.id, order.id));
        if (to === 'cancelled') await releaseCoupon(tx, order.id);
        return { ok: true, before: order };
      });
    },
  };
}

/** Every order for staff (issue 21), and the moves staff make on them under the order's lock. */
export function createAdminOrderRepository(db: Db) {
  return { ...adminOrderReads(db), ...adminOrderMoves(db) };
}
export type AdminOrderRepository = ReturnType<typeof createAdminOrderRepository>;
