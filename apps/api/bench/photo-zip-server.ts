// Child process of bench/photo-zip.ts: the product (bench/memory-server.ts) with a delivered
// photography shoot of BENCH_ZIP_PHOTOS photos (the same ~5 MB JPEG stored under each photo's own
// key), reporting its idle RSS and the peak while the ZIP is downloaded.
import { readFileSync } from 'node:fs';
import { listingPhotos, newHash, photoShoots, workOrders } from '@lantern/db';
import { startProduct } from './memory-server.ts';

const photos = Number(process.env.BENCH_ZIP_PHOTOS ?? 50);
const photo = readFileSync(String(process.env.BENCH_ZIP_PHOTO));
const { app, property, order, serve } = await startProduct('zip');
const shootOrder = await order('photography');
const [wo] = await app.db
  .insert(workOrders)
  .values({
    hash: newHash(),
    orderId: shootOrder.id,
    propertyId: property.id,
    kind: 'photography',
    state: 'done',
  })
  .returning();
if (!wo) throw new Error('no work order');
await app.db
  .insert(photoShoots)
  .values({ workOrderId: wo.id, status: 'approved', reviewedAt: new Date() });
for (let i = 0; i < photos; i++) {
  const hash = newHash();
  const storageKey = `shoots/${wo.hash}/photos/${hash}/original`;
  await app.storage.put(storageKey, photo, { contentType: 'application/octet-stream' });
  await app.db.insert(listingPhotos).values({
    hash,
    shootWorkOrderId: wo.id,
    position: i,
    status: 'ready',
    fileName: `photo-${i + 1}.jpg`,
    contentType: 'image/jpeg',
    bytes: photo.length,
    width: 4032,
    height: 3024,
    storageKey,
  });
}

await serve();
