// The shared part of `pnpm bench`: a product server in a child process on its own database, a
// signed-in user, and alternating autocannon rounds of each route. Every round also records
// what the server spent (CPU time per request, how busy its event loop was, database queries)
// and what the load generator spent (its CPU), so a run shows whether the server or the client
// set the pace; the server's memory is read from outside (/proc) while the rounds run.
// Nothing here is asserted in tests; figures are ratios against a bare route in the same run.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { MEMORY_ENV, MEMORY_FLAGS } from '../src/lib/memory-settings.ts';
import type { ServerMemory, ServerStats } from './server.ts';

export const duration = Number(process.env.BENCH_SECONDS ?? 5);
export const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const warmupSeconds = 2;
export const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';
const withMemorySettings = process.env.BENCH_MEMORY_SETTINGS !== 'none';
/** First of the ports the benchmarks listen on (session +0, geocode +1, realtime +11 and +12). */
export const basePort = Number(process.env.BENCH_PORT ?? 3900);
/** Below this share of busy event-loop time on the bare route, the client may be the limit. */
const SATURATED = 0.9;
const MB = 1024 * 1024;

export interface BenchServer {
  base: string;
  pid: number | undefined;
  stats(): Promise<ServerStats>;
  /** Resident and high-water memory of the server process now, in bytes (Linux). */
  memory(): { rss: number; hwm: number } | undefined;
  /** The server's own view of its memory: V8 heap, external, array buffers. */
  memoryDetail(afterGc?: boolean): Promise<ServerMemory>;
  close(): Promise<void>;
}

/** bench/server.ts (the product plus a bare route) on `port`, rate limits lifted. */
export async function startBenchServer(
  port: number,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const server = fork(join(import.meta.dirname, 'server.ts'), [], {
    // As src/server.ts runs the product: with its memory settings (src/lib/memory-settings.ts),
    // unless BENCH_MEMORY_SETTINGS=none measures the process without them.
    execArgv: [...(withMemorySettings ? MEMORY_FLAGS : []), ...process.execArgv],
    env: {
      ...(withMemorySettings ? MEMORY_ENV : {}),
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-bench-')),
      LOG_LEVEL: 'silent',
      DISABLE_RATE_LIMITS: 'true',
      // No outbox timer: the queries counted during a round are then the route's own.
      JOBS_POLL_SECONDS: '0',
      ...env,
    },
  });
  await nextMessage(server, 'ready');
  return {
    base,
    pid: server.pid,
    stats: async () => {
      const reply = nextMessage<ServerStats>(server, 'stats');
      server.send('stats');
      return reply;
    },
    memory: () => processMemory(server.pid),
    memoryDetail: async (afterGc = false) => {
      const reply = nextMessage<ServerMemory>(server, 'memory');
      server.send(afterGc ? 'memory-after-gc' : 'memory');
      return reply;
    },
    close: async () => {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.send('close');
      await exited;
    },
  };
}

function nextMessage<T extends { type: string }>(child: ChildProcess, type: T['type']): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (msg: T) => {
      if (msg?.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(msg);
    };
    const onExit = (code: number | null) => reject(new Error(`bench server exited with ${code}`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

function processMemory(pid: number | undefined): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return undefined;
  }
}

/** A new account on the bench server; its session cookie. */
/**
 * The bench server with `listings` published listings seeded, once the built site shows them on
 * /current-listings (the list pages need apps/web/dist).
 */
export async function startListingsServer(port: number, listings: number): Promise<BenchServer> {
  const server = await startBenchServer(port, { BENCH_LISTINGS: String(listings) });
  const probe = await fetch(`${server.base}/current-listings`);
  if (!probe.ok || !(await probe.text()).includes('data-listing-card')) {
    await server.close();
    throw new Error('GET /current-listings shows no listings: build the site first (pnpm build).');
  }
  return server;
}

export async function signUpBenchUser(base: string, tag: string): Promise<string> {
  const res = await fetch(`${base}/account/sign-up`, {
    method: 'POST',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      origin: base,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      email: `bench.${tag}.${Date.now()}@example.com`,
      password: 'bench passphrase 2026',
    }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (res.status !== 200 || !cookie) throw new Error(`sign-up failed: ${res.status}`);
  return cookie;
}

export interface BenchRoute {
  /** One path, or several that the connections take in turn. */
  paths: string[];
  headers?: Record<string, string>;
}

/**
 * What every browser sends (issue 46): a route measured only without it skips the compression
 * every visitor's answer goes through, so each measured route also runs with it.
 */
export const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The name of a route's case with a browser's Accept-Encoding. */
export type Browser<Name extends string> = `${Name} (browser)`;
export const browser = <Name extends string>(name: Name): Browser<Name> => `${name} (browser)`;

/** The routes to measure: each as given, and each but the bare route again as a browser asks. */
export type Cases<Name extends string> = Name | Browser<Exclude<Name, 'bare'>>;

/** Every measured route's cases: as given, then as a browser asks. */
export const casesOf = <Name extends string>(names: Name[]): Cases<Name>[] =>
  names.flatMap((n) => (n === 'bare' ? [n] : [n, browser(n as Exclude<Name, 'bare'>)]));

/** One measured round of one route. */
export interface Round {
  rps: number;
  p99: number;
  requests: number;
  /** Server CPU (all its threads) per request answered, microseconds. */
  serverCpuPerRequest: number;
  /** Share of the round the server's event loop was busy: near 1 means the server set the pace. */
  serverLoopBusy: number;
  /** The load generator's CPU over the round, as a share of one core. */
  clientCpu: number;
  /** Database queries the server sent during the round. */
  queries: number;
  /** Bytes on the wire per response, headers included: shows whether the answer was compressed. */
  bytesPerResponse: number;
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

export interface RouteSummary {
  rps: Spread;
  p99: Spread;
  serverCpuPerRequest: number;
  serverLoopBusy: number;
  clientCpu: number;
  queries: number;
  bytesPerResponse: number;
}

async function load(base: string, route: BenchRoute, seconds: number) {
  const r = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: route.headers ?? {},
    requests: route.paths.map((path) => ({ method: 'GET', path })),
  });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${route.paths[0]}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
}

async function measuredRound(server: BenchServer, route: BenchRoute): Promise<Round> {
  const before = await server.stats();
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const r = await load(server.base, route, duration);
  const wallMicros = (performance.now() - started) * 1000;
  const client = process.cpuUsage(clientBefore);
  const after = await server.stats();
  const active = after.loopActive - before.loopActive;
  const idle = after.loopIdle - before.loopIdle;
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    requests: r.requests.total,
    serverCpuPerRequest: round1(
      (after.cpuMicros - before.cpuMicros) / Math.max(1, r.requests.total),
    ),
    serverLoopBusy: round3(active / Math.max(1, active + idle)),
    clientCpu: round3((client.user + client.system) / wallMicros),
    queries: after.queries - before.queries,
    bytesPerResponse: Math.round(r.throughput.total / Math.max(1, r.requests.total)),
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function spread(values: number[]): Spread {
  return { min: Math.min(...values), median: median(values), max: Math.max(...values) };
}

function summarise(all: Round[]): RouteSummary {
  return {
    rps: spread(all.map((r) => r.rps)),
    p99: spread(all.map((r) => r.p99)),
    serverCpuPerRequest: median(all.map((r) => r.serverCpuPerRequest)),
    serverLoopBusy: median(all.map((r) => r.serverLoopBusy)),
    clientCpu: median(all.map((r) => r.clientCpu)),
    queries: all.reduce((n, r) => n + r.queries, 0),
    bytesPerResponse: median(all.map((r) => r.bytesPerResponse)),
  };
}

export interface Memory {
  /** Resident memory after start-up, before any load (MB). */
  idleMb: number;
  /** Highest resident memory sampled while the rounds ran (MB). */
  peakUnderLoadMb: number;
  /** Resident memory five seconds after the last round (MB). */
  idleAfterLoadMb: number;
  /** The kernel's high-water mark for the process, start-up included (MB). */
  highWaterMb: number;
}

export interface Comparison<Name extends string> {
  routes: Record<Name, RouteSummary>;
  raw: Record<Name, Round[]>;
  memory: Memory | undefined;
}

function withBrowserCases<Name extends string>(
  routes: Record<Name, BenchRoute>,
): Record<Cases<Name>, BenchRoute> {
  const cases: Record<string, BenchRoute> = { ...routes };
  for (const [name, route] of Object.entries<BenchRoute>(routes)) {
    if (name === 'bare') continue;
    cases[browser(name)] = { ...route, headers: { ...route.headers, ...BROWSER_ENCODING } };
  }
  return cases as Record<Cases<Name>, BenchRoute>;
}

/**
 * `rounds` rounds of every route — each but the bare route also with a browser's
 * Accept-Encoding — each after a warm-up, the order rotating every round so no route always runs
 * on the warmer process. Spreads per route and every round's figures, and the server's memory
 * idle, under load and after it. The bare route answers less than the compression threshold, so
 * it has no browser case: both cases of a route are read against the same baseline.
 */
export async function compareRoutes<Name extends string>(
  server: BenchServer,
  measured: Record<Name, BenchRoute>,
): Promise<Comparison<Cases<Name>>> {
  const routes = withBrowserCases(measured);
  await sleep(3000);
  const idle = server.memory();
  let peak = idle?.rss ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.memory()?.rss ?? 0);
  }, 200);
  type Case = Cases<Name>;
  const names = Object.keys(routes) as Case[];
  const raw = Object.fromEntries(names.map((n) => [n, [] as Round[]])) as Record<Case, Round[]>;
  try {
    for (let round = 0; round < rounds; round++) {
      const order = names.map((_, i) => names[(i + round) % names.length] as Case);
      for (const name of order) {
        await load(server.base, routes[name], warmupSeconds);
        raw[name].push(await measuredRound(server, routes[name]));
      }
    }
  } finally {
    clearInterval(sampler);
  }
  await sleep(5000);
  const after = server.memory();
  const summaries = Object.fromEntries(names.map((n) => [n, summarise(raw[n])])) as Record<
    Case,
    RouteSummary
  >;
  const memory =
    idle && after
      ? {
          idleMb: mb(idle.rss),
          peakUnderLoadMb: mb(Math.max(peak, after.rss)),
          idleAfterLoadMb: mb(after.rss),
          highWaterMb: mb(after.hwm),
        }
      : undefined;
  return { routes: summaries, raw, memory };
}

/** Ratios of `measured` against `bare`, from the medians. */
export function ratios(measured: RouteSummary, bare: RouteSummary) {
  return {
    throughputRatio: round3(measured.rps.median / bare.rps.median),
    p99Ratio: round3(measured.p99.median / Math.max(bare.p99.median, 1)),
    cpuPerRequestRatio: round3(measured.serverCpuPerRequest / bare.serverCpuPerRequest),
  };
}

/**
 * Who set the pace of the bare route: the server (its event loop busy nearly all the time), the
 * load generator (a whole core of its own CPU), or neither (the machine's other work took the
 * CPU: then the throughput ratios are noise and the CPU per request is the figure to read).
 */
export function clientCheck(bare: RouteSummary) {
  const pace =
    bare.serverLoopBusy >= SATURATED
      ? 'server'
      : bare.clientCpu >= SATURATED
        ? 'client'
        : 'machine';
  return {
    pace,
    bareServerLoopBusy: bare.serverLoopBusy,
    bareClientCpu: bare.clientCpu,
    loadAverage: Number(loadavg()[0]?.toFixed(1)),
  };
}

/** The figures as a table and sentences on the console, each route's browser case under it. */
export function report<Name extends string>(
  title: string,
  labels: Record<Name, string>,
  result: Comparison<NoInfer<Cases<Name>>>,
  bare: NoInfer<Name>,
): void {
  const f = (s: Spread, digits = 0) =>
    `${s.min.toFixed(digits)} / ${s.median.toFixed(digits)} / ${s.max.toFixed(digits)}`;
  console.log(
    `${title} — ${database}, ${connections} connections, ${rounds} alternating rounds of ${duration} s per route after ${warmupSeconds} s warm-ups`,
  );
  const routes: Record<string, RouteSummary | undefined> = result.routes;
  const rows = (Object.keys(labels) as Name[]).flatMap((name) => [
    [labels[name], routes[name]] as const,
    [`${labels[name]}, browser Accept-Encoding`, routes[browser(name)]] as const,
  ]);
  console.table(
    Object.fromEntries(
      rows.flatMap(([label, r]) =>
        r
          ? [
              [
                label,
                {
                  'req/s min / median / max': f(r.rps),
                  'p99 ms min / median / max': f(r.p99),
                  'server CPU µs/req': r.serverCpuPerRequest,
                  'server loop busy': pct(r.serverLoopBusy),
                  'client CPU': pct(r.clientCpu),
                  'DB queries': r.queries,
                  'bytes/response': r.bytesPerResponse,
                },
              ],
            ]
          : [],
      ),
    ),
  );
  const check = clientCheck(result.routes[bare]);
  const busy = `the bare route kept the server's event loop ${pct(check.bareServerLoopBusy)} busy while the load generator used ${pct(check.bareClientCpu)} of a core`;
  console.log(
    check.pace === 'server'
      ? `The server set the pace: ${busy}.`
      : check.pace === 'client'
        ? `WARNING: the load generator set the pace (${busy}): the throughput ratios measure the client; read the CPU per request.`
        : `WARNING: neither the server nor the load generator was saturated (${busy}; load average ${check.loadAverage} on ${cpus().length} cores): other work on the machine set the pace, so the throughput ratios are noise; read the CPU per request.`,
  );
  const m = result.memory;
  if (m)
    console.log(
      `Server memory (RSS): idle ${m.idleMb} MB, peak under load ${m.peakUnderLoadMb} MB, idle after load ${m.idleAfterLoadMb} MB; high-water mark with start-up ${m.highWaterMb} MB.`,
    );
}

/** The ratios against their targets, and the database queries the measured route sent. */
export function reportRatios(
  label: string,
  figures: ReturnType<typeof ratios>,
  measured: RouteSummary,
  targets: { throughput: number; p99: number },
): void {
  const queries = `${measured.queries} database ${measured.queries === 1 ? 'query' : 'queries'}`;
  console.log(
    `${label} reaches ${(figures.throughputRatio * 100).toFixed(1)}% of the bare route's throughput (target >= ${Math.round(targets.throughput * 100)}%), p99 ${figures.p99Ratio.toFixed(2)}x (target <= ${targets.p99}x), server CPU per request ${figures.cpuPerRequestRatio.toFixed(2)}x; ${queries} during its rounds.\n`,
  );
}

/**
 * A route measured against the bare route, as a results file for docs/performance.md and on the
 * console: its ratios, both routes' spreads, the client check, memory and the targets.
 */
export function reportAgainstBare<Name extends string>(
  result: Comparison<Cases<'bare' | Name>>,
  name: Name,
  o: {
    file: string;
    title: string;
    label: string;
    extra?: object;
    targets: { throughput: number; p99: number };
  },
): void {
  const { bare } = result.routes;
  const measured = result.routes[name];
  const asBrowser = result.routes[browser(name as Exclude<Name, 'bare'>)];
  const figures = ratios(measured, bare);
  const browserFigures = ratios(asBrowser, bare);
  writeResults(o.file, {
    date: new Date().toISOString(),
    database,
    ...o.extra,
    connections,
    rounds,
    durationSeconds: duration,
    bare,
    [name]: measured,
    [browser(name)]: asBrowser,
    ...figures,
    browser: { headers: BROWSER_ENCODING, ...browserFigures },
    clientCheck: clientCheck(bare),
    memory: result.memory,
    rounds_raw: result.raw,
    targets: {
      throughputRatio: `>= ${o.targets.throughput.toFixed(2)}`,
      p99Ratio: `<= ${o.targets.p99}`,
    },
  });
  const labels = { bare: 'bare route', [name]: o.label } as Record<'bare' | Name, string>;
  report(o.title, labels, result, 'bare');
  reportRatios(o.label, figures, measured, o.targets);
  reportRatios(`${o.label} with a browser's Accept-Encoding`, browserFigures, asBrowser, o.targets);
}

/** What every results file opens with: when, on which database, over how much data, how hard. */
export function resultsHeader(publishedListings: number) {
  return {
    date: new Date().toISOString(),
    database,
    publishedListings,
    connections,
    rounds,
    durationSeconds: duration,
  };
}

export function writeResults(file: string, result: object): void {
  const path = join(import.meta.dirname, file);
  // Not committed (.gitignore): docs/performance.md keeps the figures of the runs it reports.
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => Math.round(bytes / MB);
const pct = (share: number) => `${Math.round(share * 100)}%`;
const round1 = (n: number) => Math.round(n * 10) / 10;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

const webDist = join(import.meta.dirname, '../../web/dist/client');

/**
 * The first few pages under a folder, in the order of the site's search index (by address):
 * every page renders on demand, so the build has no file for them to list.
 */
export function indexedPages(folder: string, count: number): string[] {
  const index = JSON.parse(readFileSync(join(webDist, 'search-index.json'), 'utf8')) as {
    url: string;
  }[];
  return index
    .map((e) => e.url)
    .filter((url) => url.startsWith(`/${folder}/`))
    .sort()
    .slice(0, count);
}
