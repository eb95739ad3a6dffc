import { invoices, orders, products, properties, users } from '@lantern/db';
import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/** An order's invoice (at most one): the join condition, written once for every query. */
export const invoiceOfOrder = eq(invoices.orderId, orders.id);

/**
 * The one order↔invoice join (issue 13): an invoice with its property, its order, the product
 * ordered and the user it is billed to. The customer's invoices, staff's invoices and the
 * activity feed all read invoices through it:
 * `joinInvoiceOrder(db.select(fields).from(invoices).$dynamic())`.
 */
export function joinInvoiceOrder<T extends PgSelect>(query: T) {
  return query
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .innerJoin(orders, invoiceOfOrder)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, invoices.userId));
}
