// The shared part of `pnpm bench`: a product server in a child process on its own database, a
// signed-in user, and alternating autocannon rounds of each route with medians reported.
// Nothing here is asserted in tests; figures are ratios against a bare route in the same run.
import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

export const duration = Number(process.env.BENCH_SECONDS ?? 5);
export const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const database = process.env.DATABASE_URL ? 'postgresql' : 'pglite';

export interface BenchServer {
  base: string;
  close(): void;
}

/** bench/server.ts (the product plus a bare route) on `port`, rate limits lifted. */
export async function startBenchServer(
  port: number,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const server = fork(join(import.meta.dirname, 'server.ts'), [], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-bench-')),
      LOG_LEVEL: 'silent',
      DISABLE_RATE_LIMITS: 'true',
      ...env,
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('message', () => resolve());
    server.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { base, close: () => server.send('close') };
}

/** A new account on the bench server; its session cookie. */
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

export interface Figures {
  rps: number;
  p99: number;
}

export interface BenchRoute {
  /** One path, or several that the connections take in turn. */
  paths: string[];
  headers?: Record<string, string>;
}

async function run(base: string, route: BenchRoute, seconds: number): Promise<Figures> {
  const r = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers: route.headers ?? {},
    requests: route.paths.map((path) => ({ method: 'GET', path })),
  });
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(`${route.paths[0]}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * `rounds` rounds of every route, each after a 2-second warm-up, the order rotating every round
 * so no route always runs on the warmer process. Medians per route, and every round's figures.
 */
export async function compareRoutes<Name extends string>(
  base: string,
  routes: Record<Name, BenchRoute>,
): Promise<{ medians: Record<Name, Figures>; raw: Record<Name, Figures[]> }> {
  const names = Object.keys(routes) as Name[];
  const raw = Object.fromEntries(names.map((n) => [n, [] as Figures[]])) as Record<Name, Figures[]>;
  for (let round = 0; round < rounds; round++) {
    const order = names.map((_, i) => names[(i + round) % names.length] as Name);
    for (const name of order) {
      await run(base, routes[name], 2);
      raw[name].push(await run(base, routes[name], duration));
    }
  }
  const medians = Object.fromEntries(
    names.map((n) => [
      n,
      { rps: median(raw[n].map((f) => f.rps)), p99: median(raw[n].map((f) => f.p99)) },
    ]),
  ) as Record<Name, Figures>;
  return { medians, raw };
}

/** Ratios of `measured` against `bare`: throughput share and p99 multiple. */
export function ratios(measured: Figures, bare: Figures) {
  return {
    throughputRatio: measured.rps / bare.rps,
    p99Ratio: measured.p99 / Math.max(bare.p99, 1),
  };
}

export function writeResults(file: string, result: object): void {
  writeFileSync(join(import.meta.dirname, file), `${JSON.stringify(result, null, 2)}\n`);
}
