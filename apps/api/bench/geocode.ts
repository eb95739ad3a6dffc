// `pnpm bench` (second part): GET /api/geocode on the offline geocoder against a bare route
// served by the same process, in alternating rounds, medians reported. The per-session rate
// limit is lifted for the run (DISABLE_RATE_LIMITS), as the issue asks. Writes
// bench/geocode-results.json for docs/performance.md; nothing here is asserted in tests.
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

const PORT = 3901;
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
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-bench-geocode-')),
    LOG_LEVEL: 'silent',
    DISABLE_RATE_LIMITS: 'true',
    GEOCODER: 'offline',
  },
});
await new Promise<void>((resolve, reject) => {
  server.once('message', () => resolve());
  server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
});

const signUp = await fetch(`${base}/account/sign-up`, {
  method: 'POST',
  headers: {
    'x-requested-with': 'XMLHttpRequest',
    origin: base,
    'content-type': 'application/json',
  },
  body: JSON.stringify({
    email: `bench.geo.${Date.now()}@example.com`,
    password: 'bench passphrase 2026',
  }),
});
const cookie = (signUp.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
if (signUp.status !== 200 || !cookie) throw new Error(`sign-up failed: ${signUp.status}`);

// What the form sends (its fields), for 100 different addresses in ten
// places, so the answer cache sees a spread of keys as it would in use.
const PLACES = [
  ['Springfield', 'IL', '62701'],
  ['Minneapolis', 'MN', '55403'],
  ['Austin', 'TX', '78701'],
  ['Denver', 'CO', '80202'],
  ['Portland', 'OR', '97205'],
  ['Boston', 'MA', '02108'],
  ['Miami', 'FL', '33130'],
  ['Phoenix', 'AZ', '85004'],
  ['Nashville', 'TN', '37203'],
  ['Seattle', 'WA', '98101'],
] as const;
const geocodePaths = PLACES.flatMap(([city, state, zipCode]) =>
  Array.from({ length: 10 }, (_, i) => {
    const streetAddress = `${100 + i * 7} Main St`;
    const query = new URLSearchParams({
      streetAddress,
      city,
      state,
      zipCode,
    });
    return `/api/geocode?${query}`;
  }),
);

interface Figures {
  rps: number;
  p99: number;
}

async function run(
  paths: string[],
  headers: Record<string, string>,
  seconds: number,
): Promise<Figures> {
  const r = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${paths[0]}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const routes = {
  bare: { paths: ['/bench/bare'], headers: {} },
  geocode: { paths: geocodePaths, headers: { cookie } },
};
const seen: Record<keyof typeof routes, Figures[]> = { bare: [], geocode: [] };
for (let round = 0; round < rounds; round++) {
  // Alternate which goes first, so neither always runs on the warmer process.
  const order = round % 2 === 0 ? (['bare', 'geocode'] as const) : (['geocode', 'bare'] as const);
  for (const name of order) {
    const { paths, headers } = routes[name];
    await run(paths, headers, 2); // warm-up
    seen[name].push(await run(paths, headers, duration));
  }
}
server.send('close');

const summary = (list: Figures[]): Figures => ({
  rps: median(list.map((f) => f.rps)),
  p99: median(list.map((f) => f.p99)),
});
const bare = summary(seen.bare);
const geocode = summary(seen.geocode);
const result = {
  date: new Date().toISOString(),
  database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
  geocoder: 'offline',
  connections,
  rounds,
  durationSeconds: duration,
  bare,
  geocode,
  rounds_raw: seen,
  throughputRatio: geocode.rps / bare.rps,
  p99Ratio: geocode.p99 / Math.max(bare.p99, 1),
  targets: { throughputRatio: '>= 0.60', p99Ratio: '<= 2' },
};
writeFileSync(
  join(import.meta.dirname, 'geocode-results.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.log(
  `database: ${result.database}, offline geocoder, ${connections} connections, ${rounds} alternating rounds of ${duration}s per route (medians)`,
);
console.table({ 'bare route': bare, 'GET /api/geocode': geocode });
console.log(
  `GET /api/geocode reaches ${(result.throughputRatio * 100).toFixed(1)}% of the bare route's throughput (target >= 60%), p99 ${result.p99Ratio.toFixed(2)}x (target <= 2x)`,
);
