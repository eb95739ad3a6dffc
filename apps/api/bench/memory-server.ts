// The shared part of the benchmarks that watch one server's memory from a parent process
// (bench/photo-upload.ts, bench/photo-zip.ts): the product on a fresh embedded database with one
// signed-in seller and a property, its jobs in-process as a default deployment runs them; then,
// once listening and settled, its idle RSS and the peak (sampled every 10 ms) reported to the
// parent on 'report', the peak started again on 'reset', and a clean exit on 'close'.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrate, newHash, orders, products } from '@lantern/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { releaseStartupMemory } from '../src/lib/release-startup-memory.ts';

export async function startProduct(tag: string) {
  const port = Number(process.env.PORT);
  const origin = `http://127.0.0.1:${port}`;
  const database = await createDatabase({ poolMax: 4 });
  await migrate(database);
  const { config } = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    DATA_DIR: mkdtempSync(join(tmpdir(), `lantern-${tag}-bench-`)),
    PUBLIC_URL: origin,
    DISABLE_RATE_LIMITS: 'true',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const email = `bench-${tag}@example.com`;
  const signUp = await app.inject({
    method: 'POST',
    url: '/account/sign-up',
    headers: { 'x-requested-with': 'XMLHttpRequest', origin },
    payload: { email, password: 'a long bench passphrase' },
  });
  const session = signUp.cookies.find((c) => c.name === 'lantern_session');
  const cookie = `lantern_session=${session?.value}`;
  const user = await app.users.findByEmail(email);
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
  return {
    app,
    user,
    property,
    /** The seller's session cookie and the headers our pages send on a change. */
    seller: { cookie, 'x-requested-with': 'XMLHttpRequest', origin },
    /** A confirmed order of the seller's for `slug` on the property (the bench's own setup). */
    async order(slug: string) {
      const [product] = await app.db.select().from(products).where(eq(products.slug, slug));
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
      if (!order) throw new Error(`no ${slug} order`);
      return order;
    },
    /** Listen, settle, and answer the parent's 'report' and 'close' from here on. */
    async serve(): Promise<void> {
      releaseStartupMemory();
      await app.listen({ port, host: '127.0.0.1' });
      await reportMemory(app, database, cookie, property.hash);
    },
  };
}

async function reportMemory(
  app: FastifyInstance,
  database: { close(): Promise<void> },
  cookie: string,
  property: string,
) {
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 1000));
  globalThis.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  process.send?.({ cookie, property, baseline });
  process.on('message', async (msg) => {
    if (msg === 'report') {
      peak = Math.max(peak, process.memoryUsage.rss());
      process.send?.({ peak, baseline });
    }
    // The next case's peak starts from now (bench/photo-zip.ts measures two downloads).
    if (msg === 'reset') {
      globalThis.gc?.();
      peak = process.memoryUsage.rss();
      process.send?.({ peak, baseline });
    }
    if (msg === 'close') {
      clearInterval(sampler);
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
}
