import type { TActivityItem } from '@lantern/contracts';
import { type Db, invoices, messages, orders, products, properties, users } from '@lantern/db';
import { invoiceNumber } from '@lantern/domain';
import { desc, eq } from 'drizzle-orm';
import { invoiceDescription, joinInvoiceOrder } from '../payments/invoice-join.repository.ts';

/** One kind of thing that happens to a property; each source reads its own table. */
type SourceQuery = (db: Db, propertyId: number, limit: number) => Promise<TActivityItem[]>;
/** A source ready to read: a property's newest `limit` items of one kind. */
export type ActivitySource = (propertyId: number, limit: number) => Promise<TActivityItem[]>;

const none = { productName: null, invoice: null };

const propertyHistory: SourceQuery = async (db, propertyId) => {
  const [p] = await db
    .select({ createdAt: properties.createdAt, updatedAt: properties.updatedAt })
    .from(properties)
    .where(eq(properties.id, propertyId));
  if (!p) return [];
  const items: TActivityItem[] = [
    { kind: 'property_created', at: p.createdAt.toISOString(), ...none },
  ];
  if (p.updatedAt.getTime() > p.createdAt.getTime())
    items.push({ kind: 'property_updated', at: p.updatedAt.toISOString(), ...none });
  return items;
};

const orderHistory: SourceQuery = async (db, propertyId, limit) => {
  const rows = await db
    .select({ status: orders.status, at: orders.createdAt, productName: products.name })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.propertyId, propertyId))
    .orderBy(desc(orders.id))
    .limit(limit);
  return rows.map((r) => ({
    kind: r.status === 'quote_requested' ? 'quote_requested' : 'order_placed',
    at: r.at.toISOString(),
    productName: r.productName,
    invoice: null,
  }));
};

const invoiceHistory: SourceQuery = async (db, propertyId, limit) => {
  const rows = await joinInvoiceOrder(
    db
      .select({
        hash: invoices.hash,
        number: invoices.number,
        totalCents: invoices.totalCents,
        issuedAt: invoices.issuedAt,
        paidAt: invoices.paidAt,
        productName: invoiceDescription,
      })
      .from(invoices)
      .$dynamic(),
  )
    .where(eq(invoices.propertyId, propertyId))
    .orderBy(desc(invoices.id))
    .limit(limit);
  return rows.flatMap((r) => {
    const invoice = { hash: r.hash, number: invoiceNumber(r.number), totalCents: r.totalCents };
    const issued: TActivityItem = {
      kind: 'invoice_issued',
      at: r.issuedAt.toISOString(),
      productName: r.productName,
      invoice,
    };
    // An invoice with nothing to pay is paid as it is issued: one item says it all.
    return r.paidAt && r.paidAt.getTime() > r.issuedAt.getTime()
      ? [issued, { ...issued, kind: 'invoice_paid' as const, at: r.paidAt.toISOString() }]
      : [issued];
  });
};

const messageHistory: SourceQuery = async (db, propertyId, limit) => {
  const rows = await db
    .select({
      at: messages.createdAt,
      fromStaff: messages.fromStaff,
      name: users.name,
      email: users.email,
    })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.authorId))
    .where(eq(messages.propertyId, propertyId))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.map((r) => ({
    kind: 'message_posted' as const,
    at: r.at.toISOString(),
    ...none,
    // Only the property's participants and staff see this feed, as they see the thread itself.
    author: r.fromStaff ? null : r.name?.trim() || r.email || 'A former participant',
  }));
};

/**
 * Every source of a property's recent activity (issue 6). Another feature adds its source here
 * and the overview shows it with no other change.
 */
const SOURCES: readonly SourceQuery[] = [
  propertyHistory,
  orderHistory,
  invoiceHistory,
  messageHistory,
];

export function createActivityRepository(db: Db) {
  return {
    sources: SOURCES.map(
      (query): ActivitySource =>
        (propertyId, limit) =>
          query(db, propertyId, limit),
    ),
  };
}
export type ActivityRepository = ReturnType<typeof createActivityRepository>;
