// Child process of bench/photo-upload.ts: the product (bench/memory-server.ts) with the seller's
// MLS listing, reporting its idle RSS and the peak while photos are uploaded and processed.
import { mlsListings, newHash } from '@lantern/db';
import { startProduct } from './memory-server.ts';

const { app, property, order, serve } = await startProduct('photos');
const listingOrder = await order('mls-listing-state');
await app.db
  .insert(mlsListings)
  .values({ hash: newHash(), propertyId: property.id, orderId: listingOrder.id });
await serve();
