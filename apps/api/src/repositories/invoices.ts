import {
  type Db,
  invoiceLines,
  invoices,
  orders,
  products,
  properties,
  propertyParticipants,
  users,
} from '@lantern/db';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';

/**
 * Invoices a user may see: the ones billed to them, and those of properties on which they can
 * edit (the participants who may order). docs/decisions/010-orders-and-invoices.md.
 */
const visibleTo = (userId: number): SQL =>
  or(
    eq(invoices.userId, userId),
    sql`exists (select 1 from ${propertyParticipants} where ${propertyParticipants.propertyId} = ${invoices.propertyId} and ${propertyParticipants.userId} = ${userId} and ${propertyParticipants.canEdit})`,
  ) as SQL;

const summary = {
  hash: invoices.hash,
  number: invoices.number,
  property: properties.hash,
  street: properties.street,
  unit: properties.unit,
  description: products.name,
  status: invoices.status,
  totalCents: invoices.totalCents,
  dueDate: invoices.dueDate,
  issuedAt: invoices.issuedAt,
};

export function createInvoiceRepository(db: Db) {
  const base = () =>
    db
      .select(summary)
      .from(invoices)
      .innerJoin(properties, eq(properties.id, invoices.propertyId))
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .innerJoin(products, eq(products.id, orders.productId));

  return {
    /** Newest first; one property's when `propertyHash` is given. */
    async listForUser(userId: number, propertyHash?: string) {
      const where = propertyHash
        ? and(visibleTo(userId), eq(properties.hash, propertyHash))
        : visibleTo(userId);
      return base().where(where).orderBy(desc(invoices.number));
    },

    async findForUser(userId: number, hash: string) {
      const [row] = await db
        .select({
          ...summary,
          city: properties.city,
          state: properties.state,
          zip: properties.zip,
          id: invoices.id,
          billedTo: users.email,
          subtotalCents: invoices.subtotalCents,
          couponCode: invoices.couponCode,
          discountCents: invoices.discountCents,
          taxRateBasisPoints: invoices.taxRateBasisPoints,
          taxCents: invoices.taxCents,
          paidAt: invoices.paidAt,
        })
        .from(invoices)
        .innerJoin(properties, eq(properties.id, invoices.propertyId))
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .innerJoin(products, eq(products.id, orders.productId))
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(and(eq(invoices.hash, hash), visibleTo(userId)));
      if (!row) return undefined;
      const lines = await db
        .select({
          description: invoiceLines.description,
          quantity: invoiceLines.quantity,
          unitPriceCents: invoiceLines.unitPriceCents,
          amountCents: invoiceLines.amountCents,
        })
        .from(invoiceLines)
        .where(eq(invoiceLines.invoiceId, row.id))
        .orderBy(asc(invoiceLines.id));
      return { ...row, lines };
    },
  };
}
export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
