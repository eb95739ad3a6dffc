// `pnpm bench`: throughput and p99 of the product's hot paths as ratios against a bare route
// served by the same process in the same run. Times are never asserted in tests; this prints them
// and writes bench/results.json for docs/performance.md.
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const PORT = 3900;
const base = `http://127.0.0.1:${PORT}`;
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const server = fork(join(import.meta.dirname, 'server.ts'), [], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(PORT),
    PUBLIC_URL: base,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-bench-')),
    LOG_LEVEL: 'silent',
    DISABLE_RATE_LIMITS: 'true',
  },
});
await new Promise<void>((resolve, reject) => {
  server.once('message', () => resolve());
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

const browser = {
  'x-requested-with': 'XMLHttpRequest',
  origin: base,
  'content-type': 'application/json',
};
const signUp = await fetch(`${base}/account/sign-up`, {
  method: 'POST',
  headers: browser,
  body: JSON.stringify({
    email: `bench.${Date.now()}@example.com`,
    password: 'bench passphrase 2026',
  }),
});
const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
if (signUp.status !== 200 || !cookie) throw new Error(`sign-up failed: ${signUp.status}`);

interface Figures {
  rps: number;
  p99: number;
}
async function measure(path: string, headers: Record<string, string> = {}): Promise<Figures> {
  // A short warm-up so JIT and caches are in the same state for both routes.
  await autocannon({ url: base + path, connections, duration: 2, headers });
  const r = await autocannon({ url: base + path, connections, duration, headers });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const bare = await measure('/bench/bare');
const user = await measure('/api/user', { cookie });
server.send('close');

const result = {
  date: new Date().toISOString(),
  database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
  connections,
  rounds,
  durationSeconds: duration,
  bare,
  apiUser: user,
  throughputRatio: user.rps / bare.rps,
  p99Ratio: user.p99 / Math.max(bare.p99, 1),
  targets: { throughputRatio: '>= 0.35', p99Ratio: '<= 3' },
};
writeFileSync(join(import.meta.dirname, 'results.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `database: ${result.database}, ${connections} connections, ${rounds} rounds of ${duration}s per route (medians)`,
);
console.table({ 'bare route': bare, 'GET /api/user': user });
console.log(
  `GET /api/user reaches ${(result.throughputRatio * 100).toFixed(1)}% of the bare route's throughput (target >= 35%), p99 ${result.p99Ratio.toFixed(2)}x (target <= 3x)`,
);
