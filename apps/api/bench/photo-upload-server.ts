// Child process of bench/photo-upload.ts: the product on a fresh database with one user, a
// property and its MLS listing, running its jobs in-process as a default deployment does, and
// reporting its resident memory: the idle baseline once settled, then the peak (sampled every
// 10 ms) while photos are uploaded and processed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrate, mlsListings, newHash, orders, products } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { releaseStartupMemory } from '../src/lib/release-startup-memory.ts';

const port = Number(process.env.PORT);
const origin = `http://127.0.0.1:${port}`;
const database = await createDatabase({ poolMax: 4 });
await migrate(database);
const { config } = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-photo-bench-')),
  PUBLIC_URL: origin,
  DISABLE_RATE_LIMITS: 'true',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();

const signUp = await app.inject({
  method: 'POST',
  url: '/account/sign-up',
  headers: { 'x-requested-with': 'XMLHttpRequest', origin },
  payload: { email: 'bench-photos@example.com', password: 'a long bench passphrase' },
});
const cookie = signUp.cookies.find((c) => c.name === 'lantern_session');
const user = await app.users.findByEmail('bench-photos@example.com');
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
