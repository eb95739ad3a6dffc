// The product's API plus one bare route, in its own process, for `pnpm bench` to compare
// against. Started as server.ts starts (migrations, then the start-up memory handed back), and
// answering the harness's questions over IPC: its CPU time, how busy its event loop has been,
// and how many database queries it has sent.
import { performance } from 'node:perf_hooks';
import { getHeapSpaceStatistics } from 'node:v8';
import { createDatabase, migrate } from '@lantern/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { releaseStartupMemory } from '../src/lib/release-startup-memory.ts';
import { seedBenchListings } from './listing-pages-seed.ts';
import { addBenchOwner, addBenchResoClient, seedAtScale } from './scale-seed.ts';

export interface ServerStats {
  type: 'stats';
  /** process.cpuUsage(): every thread of the process, in microseconds. */
  cpuMicros: number;
  /** performance.eventLoopUtilization() so far: busy and idle milliseconds. */
  loopActive: number;
  loopIdle: number;
  /** Queries drizzle has sent since start. */
  queries: number;
}

/** process.memoryUsage() in the server, for bench/memory-probe.ts (where the RSS goes). */
export interface ServerMemory {
  type: 'memory';
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** The young generation's size (V8's new space), bytes. */
  newSpace: number;
}

const { config } = loadConfig();
// The configuration is a test one (rate limits off, which production refuses), but the libraries
// the pages render with must run as production runs them: React's development build costs
// several times the CPU per page. They read NODE_ENV when first loaded, after this line.
process.env.NODE_ENV = 'production';
let queries = 0;
const database = await createDatabase({
  url: config.databaseUrl,
  dataDir: `${config.dataDir}/pglite`,
  logger: { logQuery: () => void queries++ },
});
await migrate(database);
const app = await buildApp({ config, database, logger: false });
app.get('/bench/bare', async () => ({ ok: true }));
await app.ready();
// bench/listing-pages.ts: the public listing pages over this many published listings.
const listingsToSeed = Number(process.env.BENCH_LISTINGS ?? 0);
if (listingsToSeed > 0) await seedBenchListings(app.db, listingsToSeed);
// bench/scale.ts: this many listings, orders, users and properties, and a staff owner.
const scaleRows = Number(process.env.BENCH_SCALE_ROWS ?? 0);
if (scaleRows > 0) {
  await seedAtScale(app.db, scaleRows);
  await addBenchOwner(app, config.publicUrl.origin);
  await addBenchResoClient(app);
}
releaseStartupMemory();
await app.listen({ port: config.port, host: '127.0.0.1' });
process.send?.({ type: 'ready' });
process.on('message', (msg) => {
  if (msg === 'stats') {
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    const stats: ServerStats = {
      type: 'stats',
      cpuMicros: cpu.user + cpu.system,
      loopActive: loop.active,
      loopIdle: loop.idle,
      queries,
    };
    process.send?.(stats);
  }
  if (msg === 'memory' || msg === 'memory-after-gc') {
    // After a full collection, heapUsed is what the heap keeps, not garbage waiting for one.
    if (msg === 'memory-after-gc') releaseStartupMemory();
    const m = process.memoryUsage();
    const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    const reply: ServerMemory = { type: 'memory', ...m, newSpace: young?.space_size ?? 0 };
    process.send?.(reply);
  }
  if (msg === 'close') {
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
  }
});
