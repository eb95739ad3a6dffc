import { orders, products, type Tx } from '@lantern/db';
import { eq } from 'drizzle-orm';

/**
 * An order and its product, the order row locked for the rest of the caller's transaction: what
 * renting out a lockbox and creating a work order check before they add to an order.
 */
export async function lockOrderWithProduct(tx: Tx, hash: string) {
  const [order] = await tx
    .select({
      id: orders.id,
      propertyId: orders.propertyId,
      status: orders.status,
      slug: products.slug,
      productName: products.name,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.hash, hash))
    .for('update', { of: orders });
  return order;
}
