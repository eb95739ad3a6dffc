import { INVOICE_DUE_DAYS, type TOrderStatus } from '@lantern/contracts';
import {
  type Coupon,
  coupons,
  type Db,
  invoiceLines,
  invoices,
  newHash,
  type Order,
  orders,
  type Product,
  products,
  taxRates,
} from '@lantern/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { dueDate, priceOrder } from '../services/pricing.ts';
import { invoiceOfOrder } from './invoice-join.ts';

export type CouponCheck =
  | { ok: true; coupon: Coupon | null }
  | { ok: false; reason: 'unknown' | 'expired' | 'notForProduct' | 'notForQuote' };

export interface PlaceOrder {
  propertyId: number;
  state: string;
  userId: number;
  product: Product;
  coupon: Coupon | null;
}

export type PlaceOutcome = { ok: true; order: Order; invoiceHash: string | null } | { ok: false };

const ACTIVE: TOrderStatus[] = ['pending_payment', 'quote_requested', 'confirmed'];

/** Postgres unique_violation; PGlite and node-postgres both report the SQLSTATE as `code`. */
const isUniqueViolation = (err: unknown) => {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

export function createOrderRepository(db: Db) {
  return {
    async productBySlug(slug: string): Promise<Product | undefined> {
      const [row] = await db.select().from(products).where(eq(products.slug, slug));
      return row;
    },

    /** A customer's coupon code, checked against the product it is used on. */
    async checkCoupon(code: string, product: Product, now = new Date()): Promise<CouponCheck> {
      if (!code) return { ok: true, coupon: null };
      if (product.priceCents === null) return { ok: false, reason: 'notForQuote' };
      const [coupon] = await db.select().from(coupons).where(eq(coupons.code, code.toUpperCase()));
      if (!coupon?.active) return { ok: false, reason: 'unknown' };
      if (coupon.expiresAt && coupon.expiresAt <= now) return { ok: false, reason: 'expired' };
      if (coupon.productSlug && coupon.productSlug !== product.slug)
        return { ok: false, reason: 'notForProduct' };
      return { ok: true, coupon };
    },

    async activeOrder(propertyId: number, productId: number): Promise<Order | undefined> {
      const [row] = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.propertyId, propertyId),
            eq(orders.productId, productId),
            inArray(orders.status, ACTIVE),
          ),
        );
      return row;
    },

    /**
     * The order and, for a priced product, its invoice in one transaction. A quoted product gets
     * no invoice until staff price it; an invoice with nothing to pay is paid at once. A second
     * active order of the product for the property is refused by a unique index, so two quick
     * clicks cannot both succeed.
     */
    async place({ propertyId, state, userId, product, coupon }: PlaceOrder): Promise<PlaceOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const quoted = product.priceCents === null;
          const [rate] = await tx
            .select({ bps: taxRates.rateBasisPoints })
            .from(taxRates)
            .where(eq(taxRates.state, state.toUpperCase()));
          const price = quoted ? null : priceOrder(product.priceCents ?? 0, coupon, rate?.bps ?? 0);
          const status: TOrderStatus = quoted
            ? 'quote_requested'
            : price?.totalCents === 0
              ? 'confirmed'
              : 'pending_payment';
          const [order] = await tx
            .insert(orders)
            .values({
              hash: newHash(),
              propertyId,
              productId: product.id,
              userId,
              priceCents: product.priceCents,
              couponId: coupon?.id ?? null,
              couponCode: coupon?.code ?? null,
              status,
            })
            .returning();
          if (!order) throw new Error('order insert returned nothing');
          if (!price) return { ok: true, order, invoiceHash: null };

          const now = new Date();
          const paid = price.totalCents === 0;
          const [invoice] = await tx
            .insert(invoices)
            .values({
              hash: newHash(),
              orderId: order.id,
              propertyId,
              userId,
              status: paid ? 'paid' : 'open',
              ...price,
              couponCode: coupon?.code ?? null,
              taxRateBasisPoints: rate?.bps ?? 0,
              dueDate: dueDate(now, INVOICE_DUE_DAYS),
              issuedAt: now,
              paidAt: paid ? now : null,
            })
            .returning({ id: invoices.id, hash: invoices.hash });
          if (!invoice) throw new Error('invoice insert returned nothing');
          await tx.insert(invoiceLines).values({
            invoiceId: invoice.id,
            description: product.name,
            quantity: 1,
            unitPriceCents: price.subtotalCents,
            amountCents: price.subtotalCents,
          });
          return { ok: true, order, invoiceHash: invoice.hash };
        });
      } catch (err) {
        if (isUniqueViolation(err)) return { ok: false };
        throw err;
      }
    },

    /** A property's orders with their product and invoice, newest first. */
    async listForProperty(propertyId: number) {
      return db
        .select({
          order: orders,
          slug: products.slug,
          productName: products.name,
          invoiceHash: invoices.hash,
        })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .leftJoin(invoices, invoiceOfOrder)
        .where(eq(orders.propertyId, propertyId))
        .orderBy(desc(orders.id));
    },

    /** Order and invoice statuses of each of these properties, for the overview. */
    async statusesFor(propertyIds: number[]) {
      if (propertyIds.length === 0) return [];
      return db
        .select({
          propertyId: orders.propertyId,
          orderStatus: orders.status,
          invoiceStatus: invoices.status,
          invoiceHash: invoices.hash,
          invoiceNumber: invoices.number,
        })
        .from(orders)
        .leftJoin(invoices, invoiceOfOrder)
        .where(inArray(orders.propertyId, propertyIds))
        .orderBy(sql`${invoices.number} asc nulls last`);
    },
  };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
