import { INVOICE_LINE_TEXTS } from '@lantern/contracts';
import { invoices, orders, products, properties, users } from '@lantern/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

/**
 * An order's own invoice (at most one; docs/decisions/046): the join condition from an order,
 * written once for every query. Trip charges on the order are invoices of their own beside it.
 */
export const invoiceOfOrder = and(
  eq(invoices.orderId, orders.id),
  eq(invoices.kind, 'order'),
) as SQL;

/** An invoice's order, whichever kind the invoice is: the join condition from an invoice. */
export const orderOfInvoice = eq(invoices.orderId, orders.id);

/** The order's own invoice by the order's id (for queries that do not join orders). */
export const ownInvoiceOf = (orderId: number) =>
  and(eq(invoices.orderId, orderId), eq(invoices.kind, 'order')) as SQL;

/**
 * What an invoice is for, in the lists and mails: the product's name, or "Trip charge: " or
 * "Agent hours: " and the product's name. Needs `products` joined (joinInvoiceOrder does).
 */
export const invoiceDescription = sql<string>`case ${invoices.kind} when 'trip_charge' then ${INVOICE_LINE_TEXTS.tripChargePrefix} || ${products.name} when 'agent_hours' then ${INVOICE_LINE_TEXTS.agentHoursPrefix} || ${products.name} else ${products.name} end`;

/**
 * The one invoice↔order join (issue 13): an invoice with its property, its order, the product
 * ordered and the user it is billed to. The customer's invoices, staff's invoices and the
 * activity feed all read invoices through it, trip charges included:
 * `joinInvoiceOrder(db.select(fields).from(invoices).$dynamic())`.
 */
export function joinInvoiceOrder<T extends PgSelect>(query: T) {
  return query
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .innerJoin(orders, orderOfInvoice)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, invoices.userId));
}
