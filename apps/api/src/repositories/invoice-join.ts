import { type Db, invoices, orders, products, properties, users } from '@lantern/db';
import { eq } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';

/**
 * The one order↔invoice join (issue 13): an invoice with its property, its order, the product
 * ordered and the user it is billed to. The customer's invoices, staff's invoices, payments and
 * the activity feed all read invoices through it.
 */
export function selectInvoices<T extends SelectedFields>(db: Db, fields: T) {
  return db
    .select(fields)
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, invoices.userId));
}
