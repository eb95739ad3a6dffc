// Child process of bench/photo-zip.ts: the product on a fresh database with one customer, a
// property and a delivered photography shoot of BENCH_ZIP_PHOTOS photos (the same ~5 MB JPEG
// stored under each photo's own key), reporting its resident memory: the idle baseline once
// settled, then the peak (sampled every 10 ms) while the ZIP is downloaded.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createDatabase,
  listingPhotos,
  migrate,
  newHash,
  orders,
  photoShoots,
  products,
  workOrders,
} from '@lantern/db';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { releaseStartupMemory } from '../src/lib/release-startup-memory.ts';

const port = Number(process.env.PORT);
const photos = Number(process.env.BENCH_ZIP_PHOTOS ?? 50);
const photo = readFileSync(String(process.env.BENCH_ZIP_PHOTO));
const origin = `http://127.0.0.1:${port}`;
const database = await createDatabase({ poolMax: 4 });
await migrate(database);
const { config } = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-zip-bench-')),
  PUBLIC_URL: origin,
  DISABLE_RATE_LIMITS: 'true',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();

const signUp = await app.inject({
  method: 'POST',
  url: '/account/sign-up',
  headers: { 'x-requested-with': 'XMLHttpRequest', origin },
  payload: { email: 'bench-zip@example.com', password: 'a long bench passphrase' },
});
const cookie = signUp.cookies.find((c) => c.name === 'lantern_session');
const user = await app.users.findByEmail('bench-zip@example.com');
if (!user) throw new Error('no bench user');
const property = await app.properties.create(user.id, 'seller', {
  locationType: 'address',
  street: '1600 Main St',
  unit: null,
  city: 'Springfield',
  county: 'Sangamon County',
  state: 'IL',
  zip: '62701',
});
const [product] = await app.db.select().from(products).where(eq(products.slug, 'photography'));
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
const [wo] = await app.db
  .insert(workOrders)
  .values({
    hash: newHash(),
    orderId: order?.id ?? 0,
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

releaseStartupMemory();
await app.listen({ port, host: '127.0.0.1' });
globalThis.gc?.();
await new Promise((r) => setTimeout(r, 1000));
globalThis.gc?.();
const baseline = process.memoryUsage.rss();
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10);
process.send?.({ cookie: `lantern_session=${cookie?.value}`, property: property.hash, baseline });
process.on('message', async (msg) => {
  if (msg === 'report') {
    peak = Math.max(peak, process.memoryUsage.rss());
    process.send?.({ peak, baseline });
  }
  if (msg === 'close') {
    clearInterval(sampler);
    await app.close();
    await database.close();
    process.exit(0);
  }
});
