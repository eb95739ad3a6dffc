// Child process of bench/photo-upload.ts: the product (bench/memory-server.ts) with the seller's
// MLS listing, reporting its idle RSS and the peak while photos are uploaded and processed.
import { mlsListings, newHash, orders, products } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { startProduct } from './memory-server.ts';

const { app, user, property, serve } = await startProduct('photos');
const [product] = await app.db
  .select()
  .from(products)
  .where(eq(products.slug, 'mls-listing-state'));
const [order] = await app.db
  .insert(orders)
  .values({
    hash: newHash(),
    propertyId: property.id,
    productId: product?.id ?? 0,
    userId: user.id,
    status: 'confirmed',
  })
  .returning();
await app.db
  .insert(mlsListings)
  .values({ hash: newHash(), propertyId: property.id, orderId: order?.id ?? 0 });
await serve();
