import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { calendarDate, createdAt, keyColumns, serialId, tz, updatedAt } from './columns.ts';
import { mlsBoards } from './mls.ts';
import { products } from './products.ts';
import { properties } from './properties.ts';
import { users } from './users.ts';
import { workOrders } from './work-orders.ts';

// Orders and invoices (issue 6); the rules are in docs/decisions/010-orders-and-invoices.md.
// Money is integer US cents everywhere.

/**
 * pending_payment: priced, its invoice open. quote_requested: priced per property, no invoice
 * until staff quote it. confirmed: paid (or free). completed / cancelled: staff close it.
 */
export const orderStatus = pgEnum('order_status', [
  'pending_payment',
  'quote_requested',
  'confirmed',
  'completed',
  'cancelled',
]);
/**
 * open: something is still owed. paid: payments cover the total. partially_refunded /
 * refunded: some or all of what was paid went back. void: cancelled before anything was paid
 * (docs/decisions/020-payments.md).
 */
export const invoiceStatus = pgEnum('invoice_status', [
  'open',
  'paid',
  'void',
  'partially_refunded',
  'refunded',
]);
/**
 * order: the order's own invoice, at most one per order. trip_charge: the charge for a failed
 * trip of one of its work orders, at most one per work order (docs/decisions/046). agent_hours:
 * an hourly representation agent's unbilled hours, billed by staff (docs/decisions/050).
 */
export const invoiceKind = pgEnum('invoice_kind', ['order', 'trip_charge', 'agent_hours']);
/** How a payment reached us: a card (Stripe) or what staff record by hand. */
export const paymentMethod = pgEnum('payment_method', ['card', 'check', 'bank_transfer', 'cash']);

/**
 * Staff-made discount codes; exactly one of percentOff and amountOffCents is set. The rules
 * (window, redemption cap, once per customer, first order only) are enforced in the ordering
 * transaction under a row lock on the coupon (docs/decisions/020-payments.md).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serialId(),
    /** Stored upper case; customers type it in any case. */
    code: text('code').notNull().unique(),
    /** What staff call it and why it exists; never shown to customers. */
    description: text('description').notNull().default(''),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    /** Only for this product slug; null for any priced product. */
    productSlug: text('product_slug'),
    active: boolean('active').notNull().default(true),
    /** Usable from this moment; null: from its creation. */
    startsAt: tz('starts_at'),
    /** Usable until (not at) this moment; null: no end. */
    expiresAt: tz('expires_at'),
    /** How many orders may use it in all; null: no cap. */
    maxRedemptions: integer('max_redemptions'),
    /** Orders holding it now: raised and checked under the coupon's row lock, lowered on cancel. */
    redemptionCount: integer('redemption_count').notNull().default(0),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    /** Only for a customer with no earlier order that was not cancelled. */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('coupons_one_discount', sql`(${t.percentOff} is null) <> (${t.amountOffCents} is null)`),
    check(
      'coupons_percent_range',
      sql`${t.percentOff} is null or ${t.percentOff} between 1 and 100`,
    ),
    check('coupons_amount_positive', sql`${t.amountOffCents} is null or ${t.amountOffCents} > 0`),
    check(
      'coupons_max_redemptions_positive',
      sql`${t.maxRedemptions} is null or ${t.maxRedemptions} > 0`,
    ),
    check(
      'coupons_redemptions_within_cap',
      sql`${t.redemptionCount} >= 0 and (${t.maxRedemptions} is null or ${t.redemptionCount} <= ${t.maxRedemptions})`,
    ),
    check(
      'coupons_window',
      sql`${t.startsAt} is null or ${t.expiresAt} is null or ${t.startsAt} < ${t.expiresAt}`,
    ),
  ],
);

/** Sales tax on our services by state, in basis points (625 = 6.25%); a missing state is 0. */
export const taxRates = pgTable(
  'tax_rates',
  {
    state: text('state').primaryKey(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('tax_rates_range', sql`${t.rateBasisPoints} between 0 and 10000`)],
);

export const orders = pgTable(
  'orders',
  {
    ...keyColumns(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** Who placed it. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The catalogue price when ordered; null when the product is quoted per property. */
    priceCents: integer('price_cents'),
    couponId: integer('coupon_id').references(() => coupons.id),
    couponCode: text('coupon_code'),
    status: orderStatus('status').notNull(),
    /**
     * An MLS listing order's board, when known at ordering (the county has one board, or the
     * customer chose one to add); null otherwise, when the listing's location step decides
     * (decision 056).
     */
    mlsBoardId: integer('mls_board_id').references(() => mlsBoards.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // With the id: a property's orders newest first, one page at a time (decision 086).
    index('orders_property_idx').on(t.propertyId, t.id),
    // Staff's order list pages newest first (or oldest) on this, never sorting every order.
    index('orders_created_idx').on(t.createdAt, t.id),
    // A customer's orders newest first, and staff's search by a customer's email (decision 088).
    index('orders_user_idx').on(t.userId, t.id),
    // Staff's order list of one product, newest first, without walking every order.
    index('orders_product_created_idx').on(t.productId, t.createdAt, t.id),
    // Queues of confirmed orders of one product (lockboxes waiting to go out), oldest first.
    index('orders_confirmed_product_idx')
      .on(t.productId, t.createdAt, t.id)
      .where(sql`${t.status} = 'confirmed'`),
    // One active order of a product per property, also under concurrent requests; an MLS
    // listing order naming its board is held to one per board instead (decision 056).
    uniqueIndex('orders_one_active_unboarded_idx')
      .on(t.propertyId, t.productId)
      .where(
        sql`${t.status} in ('pending_payment', 'quote_requested', 'confirmed') and ${t.mlsBoardId} is null`,
      ),
    uniqueIndex('orders_one_active_per_board_idx')
      .on(t.propertyId, t.mlsBoardId)
      .where(
        sql`${t.status} in ('pending_payment', 'quote_requested', 'confirmed') and ${t.mlsBoardId} is not null`,
      ),
  ],
);

/**
 * One row per order that used a coupon; deleted (and the coupon's count lowered) when the unpaid
 * order is cancelled. `oncePerCustomer` is the coupon's rule when redeemed, so the partial unique
 * index refuses a second use by the same customer even under concurrent orders.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serialId(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    oncePerCustomer: boolean('once_per_customer').notNull(),
    discountCents: integer('discount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupon_redemptions_coupon_idx').on(t.couponId),
    uniqueIndex('coupon_redemptions_once_per_customer_idx')
      .on(t.couponId, t.userId)
      .where(sql`${t.oncePerCustomer}`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    ...keyColumns(),
    /** The human invoice number, shown as INV-000001. */
    number: serial('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's own invoice, or a trip charge on it (decision 046 amends 010). */
    kind: invoiceKind('kind').notNull().default('order'),
    /** A trip charge's failed work order; null on the order's own invoice. */
    workOrderId: integer('work_order_id').references((): AnyPgColumn => workOrders.id, {
      onDelete: 'cascade',
    }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Billed to: the user who ordered. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: invoiceStatus('status').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    couponCode: text('coupon_code'),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    dueDate: calendarDate('due_date').notNull(),
    issuedAt: tz('issued_at').notNull().defaultNow(),
    paidAt: tz('paid_at'),
    /** Sums of this invoice's payments and refunds rows, kept in the same transaction as they are. */
    paidCents: integer('paid_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
  },
  (t) => [
    index('invoices_property_idx').on(t.propertyId),
    // One invoice of the order's own per order; trip charges besides it, one per work order.
    uniqueIndex('invoices_one_per_order_idx').on(t.orderId).where(sql`${t.kind} = 'order'`),
    uniqueIndex('invoices_one_trip_charge_idx').on(t.workOrderId),
    index('invoices_order_idx').on(t.orderId),
    // The customer's invoices, and staff's list by number or due day, whole or by status.
    index('invoices_user_idx').on(t.userId),
    index('invoices_status_number_idx').on(t.status, t.number, t.id),
    index('invoices_due_idx').on(t.dueDate, t.id),
    index('invoices_status_due_idx').on(t.status, t.dueDate, t.id),
    check(
      'invoices_trip_charge_has_work_order',
      sql`(${t.kind} = 'trip_charge') = (${t.workOrderId} is not null)`,
    ),
    check(
      'invoices_refunds_within_payments',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.paidCents}`,
    ),
    check(
      'invoices_total_adds_up',
      sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents} + ${t.taxCents} and ${t.totalCents} >= 0`,
    ),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serialId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Sales tax applies; a refundable deposit does not (and no coupon discounts it). */
    taxable: boolean('taxable').notNull().default(true),
    /**
     * The order this line bills when it is not the invoice's own order: an upgrade added to an
     * unpaid MLS listing's invoice (docs/decisions/031-mls-listing-builder.md). Paying the invoice
     * confirms it, voiding cancels it.
     */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId),
    index('invoice_lines_order_idx').on(t.orderId),
  ],
);

/** Money received for an invoice (issue 17): recorded by staff, or a card payment. */
export const payments = pgTable(
  'payments',
  {
    ...keyColumns(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    method: paymentMethod('method').notNull(),
    /** The check number, the transfer's reference, or the card payment's id at the provider. */
    reference: text('reference').notNull(),
    /** The day the money arrived (a check's date of receipt), as staff give it. */
    receivedOn: calendarDate('received_on').notNull(),
    /** The staff member who recorded it; null for a card payment. */
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** A card payment's PaymentIntent id: one payment row per intent, however often Stripe tells us. */
    providerRef: text('provider_ref').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Money given back on an invoice, always against one payment. */
export const refunds = pgTable(
  'refunds',
  {
    ...keyColumns(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    recordedBy: integer('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** A card refund's id at Stripe: ours and the one charge.refunded reports are one row. */
    providerRef: text('provider_ref').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_invoice_idx').on(t.invoiceId),
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Hosted Stripe Checkout sessions made for invoices (issue 17); an open one is reused. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    url: text('url').notNull(),
    status: text('status', { enum: ['open', 'complete', 'expired'] })
      .notNull()
      .default('open'),
    expiresAt: tz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('checkout_sessions_invoice_idx').on(t.invoiceId)],
);

/** Ids of Stripe events already handled: a replay, or the same event at two instances, does nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: tz('received_at').notNull().defaultNow(),
});

/** What a card payment needs a person for: a wrong amount or currency, a dispute. */
export const paymentAlerts = pgTable(
  'payment_alerts',
  {
    id: serialId(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['amount_mismatch', 'dispute', 'undeliverable'] }).notNull(),
    detail: text('detail').notNull(),
    /** The Stripe object it is about (PaymentIntent, dispute). */
    providerRef: text('provider_ref').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('payment_alerts_invoice_idx').on(t.invoiceId)],
);

export type Order = typeof orders.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;
export type InvoiceLine = typeof invoiceLines.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type CouponRedemption = typeof couponRedemptions.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;

/** Staff's notes on an order (issue 21): for each other, never shown to the customer. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serialId(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.id)],
);
export type OrderNote = typeof orderNotes.$inferSelect;
