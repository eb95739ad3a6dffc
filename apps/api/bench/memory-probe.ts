// A quicker loop than `pnpm bench:pages` for finding where the server's memory goes: the same
// seeded server, then each group of public pages under load for BENCH_SECONDS, with the RSS
// split (V8 heap and its young generation, external, array buffers, the rest: native) after
// each, and at the end after a full collection (what the heap really keeps). Nothing is asserted.
// `cd apps/api && node bench/memory-probe.ts`; PROBE_GROUPS=home,search for some groups only,
// BENCH_ENCODING='gzip, deflate, br' to ask for compressed answers as browsers do,
// BENCH_MEMORY_SETTINGS=none for a server without src/lib/memory-settings.ts's settings, Node
// flags on the command line to try others (`node --max-semi-space-size=32 bench/…`).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import {
  type BenchServer,
  basePort,
  connections,
  database,
  indexedPages,
  startListingsServer,
} from './harness.ts';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MB = 1024 * 1024;

async function snapshot(server: BenchServer, label: string, gc = false) {
  const m = await server.memoryDetail();
  // Only at the end: a forced collection between groups would hide how the heap grows.
  const g = gc ? await server.memoryDetail(true) : undefined;
  const proc = server.memory();
  const rollup = readFileSync(`/proc/${server.pid}/smaps_rollup`, 'utf8');
  const kb = (f: string) => Number(new RegExp(`${f}:\\s+(\\d+)`).exec(rollup)?.[1] ?? 0) / 1024;
  const r = (n: number) => Math.round(n / MB);
  console.log(
    `${label.padEnd(26)} rss ${r(m.rss)} (anon ${Math.round(kb('Anonymous'))}, file ${Math.round(kb('Rss') - kb('Anonymous'))}) heapTotal ${r(m.heapTotal)} (new ${r(m.newSpace)}) heapUsed ${r(m.heapUsed)} external ${r(m.external)} arrayBuffers ${r(m.arrayBuffers)} native≈${r(m.rss - m.heapTotal - m.external)} hwm ${r(proc?.hwm ?? 0)}${g ? ` | after a full gc: rss ${r(g.rss)} heapUsed ${r(g.heapUsed)} heapTotal ${r(g.heapTotal)}` : ''}`,
  );
}

const server = await startListingsServer(basePort + 41, LISTINGS);
const headers = process.env.BENCH_ENCODING ? { 'accept-encoding': process.env.BENCH_ENCODING } : {};
const listings = (
  (await (await fetch(`${server.base}/api/listings`)).json()) as { listings: { url: string }[] }
).listings
  .slice(0, 10)
  .map((l) => new URL(l.url, server.base).pathname);
const GROUPS: Record<string, string[]> = {
  home: ['/'],
  flatFeeMls: ['/flat-fee-mls'],
  city: indexedPages('flat-fee-mls', 10),
  mls: indexedPages('mls', 10),
  services: ['/services', '/photography'],
  list: ['/current-listings', '/current-listings?page=5', '/past-sales'],
  listing: listings,
  search: ['/search?search=mls', '/search?search=photos', '/search?search=Austin'],
};
const only = process.env.PROBE_GROUPS?.split(',');
console.log(
  `memory probe — ${database}, ${connections} connections, ${SECONDS} s per group, headers ${JSON.stringify(headers)}`,
);
await new Promise((r) => setTimeout(r, 3000));
await snapshot(server, 'idle');
for (const [name, paths] of Object.entries(GROUPS)) {
  if (only && !only.includes(name)) continue;
  const res = await autocannon({
    url: server.base,
    connections,
    duration: SECONDS,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  await snapshot(server, `after ${name} (${Math.round(res.requests.average)} r/s)`);
}
await new Promise((r) => setTimeout(r, 5000));
await snapshot(server, 'idle after load', true);
await server.close();
