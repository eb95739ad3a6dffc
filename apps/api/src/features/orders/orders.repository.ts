import {
  INVOICE_DUE_DAYS,
  INVOICE_LINE_TEXTS,
  type TOrderStatus,
  TRIP_CHARGE_CENTS,
} from '@lantern/contracts';
import {
  type Coupon,
  type Db,
  invoiceLines,
  invoices,
  isUniqueViolation,
  mlsBoards,
  mlsListings,
  newHash,
  type Order,
  orders,
  type Product,
  products,
  properties,
  propertyParticipants,
  taxRates,
} from '@lantern/db';
import { and, desc, eq, exists, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { afterIdCursor, type PageWindow, toPage } from '../../lib/keyset.ts';
import { type CouponRefusal, couponRefusal } from '../../rules/coupons.ts';
import { MLS_LISTING_SLUGS, type MlsRefusal } from '../../rules/mls-boards.ts';
import { dueDate, priceOrder } from '../../rules/pricing.ts';
import { invoiceOfOrder, orderOfInvoice } from '../payments/invoice-join.repository.ts';
import { customerHistory, lockCoupon, redeemCoupon } from './coupons.repository.ts';

/** A property's orders with their product, board and invoice; `after` narrows to one page. */
function orderRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      order: orders,
      propertyHash: properties.hash,
      slug: products.slug,
      productName: products.name,
      board: mlsBoards.name,
      invoiceHash: sql<
        string | null
      >`coalesce(${invoices.hash}, (select i.hash from ${invoiceLines} l join ${invoices} i on i.id = l.invoice_id where l.order_id = ${orders.id} limit 1))`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(properties, eq(properties.id, orders.propertyId))
    .leftJoin(invoices, invoiceOfOrder)
    .leftJoin(mlsListings, eq(mlsListings.orderId, orders.id))
    .leftJoin(
      mlsBoards,
      eq(mlsBoards.id, sql`coalesce(${orders.mlsBoardId}, ${mlsListings.boardId})`),
    )
    .where(where);
}

const ordersOfProperty = (db: Db, propertyId: number, after?: SQL) =>
  orderRows(db, and(eq(orders.propertyId, propertyId), after));

export interface PlaceOrder {
  propertyId: number;
  state: string;
  userId: number;
  product: Product;
  /** What the customer typed; empty for none. */
  couponCode: string;
  /**
   * An MLS listing order: its board (null: not chosen yet) and the one-listing-per-board rule,
   * run on the boards the property already holds under its row lock (decision 056).
   */
  mls?: { boardId: number | null; refuse: (held: Array<number | null>) => MlsRefusal | null };
}

export type PlaceOutcome =
  | { ok: true; order: Order; invoiceHash: string | null }
  | { ok: false; reason: 'duplicate' }
  | { ok: false; reason: 'coupon'; refusal: CouponRefusal }
  | { ok: false; reason: 'mls'; refusal: MlsRefusal };

/** The MLS rule said no: roll the transaction back and say why. */
class MlsRefused extends Error {
  readonly refusal: MlsRefusal;
  constructor(refusal: MlsRefusal) {
    super(`mls listing order refused: ${refusal.message}`);
    this.refusal = refusal;
  }
}

/** The coupon said no: roll the transaction back and say why. */
class CouponRefused extends Error {
  readonly refusal: CouponRefusal;
  constructor(refusal: CouponRefusal) {
    super(`coupon refused: ${refusal}`);
    this.refusal = refusal;
  }
}

const ACTIVE: TOrderStatus[] = ['pending_payment', 'quote_requested', 'confirmed'];

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The boards of a property's active MLS listing orders: the order's own, else its listing's
 * (chosen at the location step), else null (not chosen yet). `except` leaves one order out.
 */
export async function heldBoards(
  db: Db | Tx,
  propertyId: number,
  except?: number,
): Promise<Array<number | null>> {
  const rows = await db
    .select({ board: sql<number | null>`coalesce(${orders.mlsBoardId}, ${mlsListings.boardId})` })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .leftJoin(mlsListings, eq(mlsListings.orderId, orders.id))
    .where(
      and(
        eq(orders.propertyId, propertyId),
        inArray(products.slug, [...MLS_LISTING_SLUGS]),
        inArray(orders.status, ACTIVE),
        except === undefined ? undefined : ne(orders.id, except),
      ),
    );
  return rows.map((r) => (r.board === null ? null : Number(r.board)));
}

/**
 * An order's invoice with its lines: the service (taxable) and any refundable deposit (untaxed,
 * decision 020). Nothing to pay: paid at once. Used when an order is placed and when staff price
 * a quote.
 */
export async function insertInvoice(
  tx: Tx,
  input: {
    order: Pick<Order, 'id' | 'propertyId' | 'userId' | 'couponCode'>;
    price: ReturnType<typeof priceOrder>;
    rateBps: number;
    serviceName: string;
    servicePriceCents: number;
    depositCents: number;
    now: Date;
  },
): Promise<{ id: number; hash: string }> {
  const { order, price, now } = input;
  const paid = price.totalCents === 0;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      hash: newHash(),
      orderId: order.id,
      propertyId: order.propertyId,
      userId: order.userId,
      status: paid ? 'paid' : 'open',
      ...price,
      couponCode: order.couponCode,
      taxRateBasisPoints: input.rateBps,
      dueDate: dueDate(now, INVOICE_DUE_DAYS),
      issuedAt: now,
      paidAt: paid ? now : null,
    })
    .returning({ id: invoices.id, hash: invoices.hash });
  if (!invoice) throw new Error('invoice insert returned nothing');
  await tx.insert(invoiceLines).values([
    {
      invoiceId: invoice.id,
      description: input.serviceName,
      quantity: 1,
      unitPriceCents: input.servicePriceCents,
      amountCents: input.servicePriceCents,
      taxable: true,
    },
    ...(input.depositCents > 0
      ? [
          {
            invoiceId: invoice.id,
            description: INVOICE_LINE_TEXTS.deposit,
            quantity: 1,
            unitPriceCents: input.depositCents,
            amountCents: input.depositCents,
            taxable: false,
          },
        ]
      : []),
  ]);
  return invoice;
}

/**
 * The charge for a failed trip (decision 046, amending 010): an invoice of its own on the same
 * order, billed to who placed it, one taxable line of TRIP_CHARGE_CENTS at the property's state
 * rate (like the service itself, decision 038), no coupon, due in 14 days. The caller holds the
 * work order's row lock; the unique index on `work_order_id` refuses a second one regardless.
 */
export async function insertTripCharge(
  tx: Tx,
  input: {
    order: Pick<Order, 'id' | 'propertyId' | 'userId'>;
    workOrderId: number;
    state: string;
    line: string;
    now: Date;
  },
): Promise<{ id: number; hash: string; number: number; totalCents: number }> {
  const [rate] = await tx
    .select({ bps: taxRates.rateBasisPoints })
    .from(taxRates)
    .where(eq(taxRates.state, input.state.toUpperCase()));
  const rateBps = rate?.bps ?? 0;
  const price = priceOrder(TRIP_CHARGE_CENTS, null, rateBps);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      hash: newHash(),
      orderId: input.order.id,
      kind: 'trip_charge',
      workOrderId: input.workOrderId,
      propertyId: input.order.propertyId,
      userId: input.order.userId,
      status: 'open',
      ...price,
      couponCode: null,
      taxRateBasisPoints: rateBps,
      dueDate: dueDate(input.now, INVOICE_DUE_DAYS),
      issuedAt: input.now,
    })
    .returning({
      id: invoices.id,
      hash: invoices.hash,
      number: invoices.number,
      totalCents: invoices.totalCents,
    });
  if (!invoice) throw new Error('trip charge insert returned nothing');
  await tx.insert(invoiceLines).values({
    invoiceId: invoice.id,
    description: input.line,
    quantity: 1,
    unitPriceCents: TRIP_CHARGE_CENTS,
    amountCents: TRIP_CHARGE_CENTS,
    taxable: true,
  });
  return invoice;
}

/**
 * The one-listing-per-board rule of an MLS listing order, under the property's row lock so two
 * orders at once see each other's board (decision 056). Throws to roll back.
 */
async function refuseMls(tx: Tx, propertyId: number, mls: NonNullable<PlaceOrder['mls']>) {
  await tx
    .select({ id: properties.id })
    .from(properties)
    .where(eq(properties.id, propertyId))
    .for('update');
  const refusal = mls.refuse(await heldBoards(tx, propertyId));
  if (refusal) throw new MlsRefused(refusal);
}

/** Why an order was not placed, from what rolled its transaction back; anything else is thrown. */
function placeFailure(err: unknown): PlaceOutcome {
  if (err instanceof CouponRefused) return { ok: false, reason: 'coupon', refusal: err.refusal };
  if (err instanceof MlsRefused) return { ok: false, reason: 'mls', refusal: err.refusal };
  if (isUniqueViolation(err, 'coupon_redemptions_once_per_customer_idx'))
    return { ok: false, reason: 'coupon', refusal: 'alreadyUsed' };
  if (isUniqueViolation(err)) return { ok: false, reason: 'duplicate' };
  throw err;
}

/** A quote waits for staff; nothing to pay is confirmed at once; else it waits for payment. */
const statusOnPlacing = (quoted: boolean, totalCents: number): TOrderStatus =>
  quoted ? 'quote_requested' : totalCents === 0 ? 'confirmed' : 'pending_payment';

/** The coupon locked for this order, or `CouponRefused` thrown with why it does not apply. */
async function usableCoupon(
  tx: Tx,
  couponCode: string,
  o: { now: Date; userId: number; productSlug: string; quoted: boolean },
): Promise<Coupon | null> {
  const found = await lockCoupon(tx, couponCode);
  const history = found
    ? await customerHistory(tx, found.id, o.userId)
    : { usedByCustomer: false, hasEarlierOrder: false };
  const refusal = couponRefusal(found, {
    now: o.now,
    productSlug: o.productSlug,
    quoted: o.quoted,
    ...history,
  });
  if (refusal) throw new CouponRefused(refusal);
  return found ?? null;
}

/** Products, a property's orders, held boards and order statuses. */
function orderReads(db: Db) {
  return {
    async productBySlug(slug: string): Promise<Product | undefined> {
      const [row] = await db.select().from(products).where(eq(products.slug, slug));
      return row;
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
     * A property's orders with their product and invoice, newest first. An upgrade billed on an
     * MLS listing's invoice (a line carrying its order) shows that invoice.
     */
    listForProperty: (propertyId: number) =>
      ordersOfProperty(db, propertyId).orderBy(desc(orders.id)),

    /** One page of them under /api/v1 (decision 086), walking orders_property_idx backwards. */
    async pageForProperty(propertyId: number, window: PageWindow) {
      const rows = await ordersOfProperty(
        db,
        propertyId,
        afterIdCursor(orders.id, 'desc', window.cursor),
      )
        .orderBy(desc(orders.id))
        .limit(window.limit + 1);
      return toPage(
        rows.map((row) => ({ ...row, sortKey: String(row.order.id), keyId: row.order.id })),
        window.limit,
      );
    },

    /** One order of a property the user takes part in; undefined for anyone else's. */
    async findForUser(userId: number, hash: string) {
      const [row] = await orderRows(
        db,
        and(
          eq(orders.hash, hash),
          exists(
            db
              .select({ one: sql`1` })
              .from(propertyParticipants)
              .where(
                and(
                  eq(propertyParticipants.propertyId, orders.propertyId),
                  eq(propertyParticipants.userId, userId),
                ),
              ),
          ),
        ),
      );
      return row;
    },

    heldBoards: (propertyId: number, except?: number) => heldBoards(db, propertyId, except),

    /** Order and invoice statuses of each of these properties, for the overview. */
    async statusesFor(propertyIds: number[]) {
      if (propertyIds.length === 0) return [];
      return (
        db
          .select({
            propertyId: orders.propertyId,
            orderStatus: orders.status,
            invoiceStatus: invoices.status,
            invoiceHash: invoices.hash,
            invoiceNumber: invoices.number,
          })
          .from(orders)
          // Every invoice of the order, trip charges too: any one still open is due.
          .leftJoin(invoices, orderOfInvoice)
          .where(inArray(orders.propertyId, propertyIds))
          .orderBy(sql`${invoices.number} asc nulls last`)
      );
    },
  };
}

/** Placing an order with its coupon and invoice. */
function orderPlacing(db: Db) {
  return {
    /**
     * The order and, for a priced product, its invoice in one transaction. A quoted product gets
     * no invoice until staff price it; an invoice with nothing to pay is paid at once. A second
     * active order of the product for the property is refused by a unique index, so two quick
     * clicks cannot both succeed. A coupon is checked and counted here, under its row lock
     * (features/orders/coupons/rules.ts), so its limits hold however many customers order at once.
     */
    async place({
      propertyId,
      state,
      userId,
      product,
      couponCode,
      mls,
    }: PlaceOrder): Promise<PlaceOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const now = new Date();
          if (mls) await refuseMls(tx, propertyId, mls);
          const quoted = product.priceCents === null;
          const coupon = couponCode
            ? await usableCoupon(tx, couponCode, { now, userId, productSlug: product.slug, quoted })
            : null;
          const [rate] = await tx
            .select({ bps: taxRates.rateBasisPoints })
            .from(taxRates)
            .where(eq(taxRates.state, state.toUpperCase()));
          const depositCents = product.depositCents ?? 0;
          const price = quoted
            ? null
            : priceOrder(product.priceCents ?? 0, coupon, rate?.bps ?? 0, depositCents);
          const status = statusOnPlacing(quoted, price?.totalCents ?? 0);
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
              mlsBoardId: mls?.boardId ?? null,
            })
            .returning();
          if (!order) throw new Error('order insert returned nothing');
          if (coupon) {
            await redeemCoupon(tx, coupon, {
              orderId: order.id,
              userId,
              discountCents: price?.discountCents ?? 0,
            });
          }
          if (!price) return { ok: true, order, invoiceHash: null };

          const invoice = await insertInvoice(tx, {
            order,
            price,
            rateBps: rate?.bps ?? 0,
            serviceName: product.name,
            servicePriceCents: product.priceCents ?? 0,
            depositCents,
            now,
          });
          return { ok: true, order, invoiceHash: invoice.hash };
        });
      } catch (err) {
        return placeFailure(err);
      }
    },
  };
}

export function createOrderRepository(db: Db) {
  return { ...orderReads(db), ...orderPlacing(db) };
}
export type OrderRepository = ReturnType<typeof createOrderRepository>;
