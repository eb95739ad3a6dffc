// `pnpm bench` (second part): publish-to-receive latency of realtime events, each published to
// one user's channel, with 10 and with 5,000 sockets connected to one instance, and — when
// DATABASE_URL names a PostgreSQL server — from one instance to a socket on a second instance
// through LISTEN/NOTIFY. Server and clients share this process, so one clock times both ends
// (performance.now() at publish, again when the socket's message arrives). Writes
// bench/realtime-results.json for docs/performance.md. Targets (issue 5): p99 with 5,000 sockets
// <= 3x p99 with 10; across two instances <= 2x the single-instance p99.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, type Database, migrate, newHash, users } from '@lantern/db';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { basePort, median, type Spread } from './harness.ts';

const url = process.env.DATABASE_URL;
const SAMPLES = Number(process.env.BENCH_RT_SAMPLES ?? 2000);
const WARMUP = 200;
const LOADED = Number(process.env.BENCH_RT_SOCKETS ?? 5000);
/** Each case's samples are cut into this many rounds, whose p99s give the spread. */
const ROUNDS = 5;
const PORT_A = basePort + 11;
const PORT_B = basePort + 12;
const ORIGIN = `http://127.0.0.1:${PORT_A}`;

const schemaName = url ? `bench_${randomBytes(4).toString('hex')}` : undefined;
async function openDatabase(): Promise<Database> {
  const database = await createDatabase({ url, schemaName, poolMax: 8 });
  return database;
}

function config() {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-rt-bench-')),
    PUBLIC_URL: ORIGIN,
  }).config;
}

interface Account {
  hash: string;
  cookie: string;
}

/** Users with sessions, straight into the database (sign-up's argon2 would take minutes). */
async function makeAccounts(app: FastifyInstance, n: number): Promise<Account[]> {
  const rows = [];
  for (let i = 0; i < n; i += 500) {
    const batch = Array.from({ length: Math.min(500, n - i) }, (_, k) => ({
      email: `rt.${i + k}.${randomBytes(4).toString('hex')}@bench.example`,
      hash: newHash(),
      passwordHash: null,
    }));
    rows.push(
      ...(await app.db.insert(users).values(batch).returning({ id: users.id, hash: users.hash })),
    );
  }
  const accounts: Account[] = [];
  for (let i = 0; i < rows.length; i += 100) {
    const made = await Promise.all(
      rows.slice(i, i + 100).map(async (row) => {
        const { token } = await app.sessions.create(row.id, true, {});
        return { hash: row.hash, cookie: `lantern_session=${token}` };
      }),
    );
    accounts.push(...made);
  }
  return accounts;
}

/** Open a socket as `account` and subscribe it to its user channel. */
function connect(port: number, account: Account, onEvent?: () => void): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { cookie: account.cookie, origin: ORIGIN },
    });
    ws.once('error', reject);
    ws.once('open', () =>
      ws.send(JSON.stringify({ type: 'subscribe', channel: `user.${account.hash}` })),
    );
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string };
      if (message.type === 'subscribed') resolve(ws);
      else if (message.type === 'event') onEvent?.();
      else if (message.type === 'error') reject(new Error(data.toString()));
    });
  });
}

async function connectMany(port: number, accounts: Account[]): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < accounts.length; i += 200) {
    sockets.push(...(await Promise.all(accounts.slice(i, i + 200).map((a) => connect(port, a)))));
  }
  return sockets;
}

async function closeAll(sockets: WebSocket[]) {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === ws.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close();
        }),
    ),
  );
}

interface Figures {
  sockets: number;
  p50: number;
  p99: number;
  max: number;
  /** p99 of each round of the samples: min / median / max. */
  p99Rounds: Spread;
}

/** The q-quantile of sorted times, to the microsecond. */
function quantile(sorted: number[], q: number): number {
  return Number(
    (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(3),
  );
}

/** Publish on `from` to `target`'s channel, one event at a time, timing until its socket hears it. */
async function measure(
  from: FastifyInstance,
  port: number,
  target: Account,
  sockets: number,
): Promise<Figures> {
  let arrived: (() => void) | undefined;
  const ws = await connect(port, target, () => arrived?.());
  const times: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const heard = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const t0 = performance.now();
    await from.realtime.publishToUser(target.hash, {
      event: 'PropertyUpdated',
      data: { hash: 'bench', street_address_unit: `${i} Bench St` },
    });
    await heard;
    if (i >= WARMUP) times.push(performance.now() - t0);
  }
  await closeAll([ws]);
  const size = Math.ceil(times.length / ROUNDS);
  const roundP99s = Array.from({ length: ROUNDS }, (_, r) =>
    quantile(
      times.slice(r * size, (r + 1) * size).sort((a, b) => a - b),
      0.99,
    ),
  );
  times.sort((a, b) => a - b);
  return {
    sockets,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
    max: quantile(times, 1),
    p99Rounds: {
      min: Math.min(...roundP99s),
      median: median(roundP99s),
      max: Math.max(...roundP99s),
    },
  };
}

const dbA = await openDatabase();
await migrate(dbA, schemaName);
const a = await buildApp({ config: config(), database: dbA, logger: false });
await a.listen({ port: PORT_A, host: '127.0.0.1' });
const accounts = await makeAccounts(a, LOADED + 1);
const target = accounts[0] as Account;
const others = accounts.slice(1);

const few = await connectMany(PORT_A, others.slice(0, 9));
const single10 = await measure(a, PORT_A, target, 10);
const many = await connectMany(PORT_A, others.slice(9, LOADED - 1));
console.log(`instance A holds ${a.realtime.localConnections + 1} sockets`);
const single5000 = await measure(a, PORT_A, target, few.length + many.length + 1);
await closeAll([...few, ...many]);

let cross: Figures | undefined;
if (url) {
  const dbB = await openDatabase();
  const b = await buildApp({ config: config(), database: dbB, logger: false });
  await b.listen({ port: PORT_B, host: '127.0.0.1' });
  const loadB = await connectMany(PORT_B, others.slice(0, LOADED - 1));
  cross = await measure(a, PORT_B, target, loadB.length + 1);
  await closeAll(loadB);
  await b.close();
  await dbB.close();
} else {
  console.log(
    'two-instance figures skipped: they need a PostgreSQL server for LISTEN/NOTIFY (set DATABASE_URL).',
  );
}

await a.close();
if (url && schemaName && dbA.pool) await dbA.pool.query(`DROP SCHEMA "${schemaName}" CASCADE`);
await dbA.close();

const result = {
  date: new Date().toISOString(),
  database: url ? 'postgresql' : 'pglite',
  bus: url ? 'PostgreSQL LISTEN/NOTIFY' : 'in-process',
  samples: SAMPLES,
  unit: 'ms, publish call to message received',
  single10,
  single5000,
  ...(cross ? { twoInstances: cross } : {}),
  loadRatio: Number((single5000.p99 / single10.p99).toFixed(2)),
  ...(cross ? { crossInstanceRatio: Number((cross.p99 / single5000.p99).toFixed(2)) } : {}),
  targets: { loadRatio: '<= 3', crossInstanceRatio: '<= 2' },
};
writeFileSync(
  join(import.meta.dirname, 'realtime-results.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
console.log(
  `Realtime fan-out — ${result.bus}, ${SAMPLES} events per case in ${ROUNDS} rounds (publish to receive, ms)`,
);
const row = (f: Figures) => ({
  p50: f.p50,
  p99: f.p99,
  max: f.max,
  'round p99 min / median / max': `${f.p99Rounds.min} / ${f.p99Rounds.median} / ${f.p99Rounds.max}`,
});
console.table({
  '10 sockets, one instance': row(single10),
  [`${single5000.sockets} sockets, one instance`]: row(single5000),
  ...(cross ? { [`${cross.sockets} sockets, published on another instance`]: row(cross) } : {}),
});
console.log(
  `p99 with ${single5000.sockets} sockets is ${result.loadRatio}x the p99 with 10 (target <= 3x)` +
    (cross
      ? `; across two instances ${result.crossInstanceRatio}x the single-instance p99 (target <= 2x)`
      : '') +
    '.\n',
);
process.exit(0);
