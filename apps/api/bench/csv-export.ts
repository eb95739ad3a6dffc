// `pnpm --filter @lantern/api bench:export`: peak resident memory of exporting 100,000 accounts as
// CSV (issue 15). Each mode runs in a fresh server process (bench/csv-export-server.ts) so its
// high-water mark is its own: `stream` is the product's export (keyset batches of 1,000 through
// csv-stringify, read as fast as the client takes them); `naive` loads every row and answers one
// string. Reported: RSS before the export, the peak during it, and the growth. Writes
// bench/csv-export-results.json for docs/performance.md. Set DATABASE_URL to run on PostgreSQL.
import { fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 100_000);
const MB = 1024 * 1024;

interface Result {
  mode: 'stream' | 'naive';
  rows: number;
  lines: number;
  bytes: number;
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  seconds: number;
}

async function run(mode: 'stream' | 'naive', port: number): Promise<Result> {
  const child = fork(join(import.meta.dirname, 'csv-export-server.ts'), {
    env: { ...process.env, PORT: String(port), BENCH_CSV_ROWS: String(ROWS) },
    execArgv: ['--expose-gc'],
  });
  const message = <T>() =>
    new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  const { cookie } = await message<{ cookie: string; baseline: number }>();
  const path = mode === 'stream' ? '/api/admin/users/export.csv' : '/bench/naive-export';
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie } });
  if (!res.ok || !res.body) {
    child.kill();
    throw new Error(`${mode}: ${res.status} ${await res.text()}`);
  }
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (const b of chunk) if (b === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  child.send('report');
  const { peak, baseline } = await message<{ peak: number; baseline: number }>();
  child.send('close');
  await new Promise((resolve) => child.once('exit', resolve));
  return {
    mode,
    rows: ROWS,
    lines,
    bytes,
    baselineMb: Math.round(baseline / MB),
    peakMb: Math.round(peak / MB),
    growthMb: Math.round((peak - baseline) / MB),
    seconds: Math.round(seconds * 10) / 10,
  };
}

const results = [await run('stream', 3931), await run('naive', 3932)];
for (const r of results) {
  console.log(
    `${r.mode.padEnd(6)} ${r.lines - 1} rows, ${(r.bytes / MB).toFixed(1)} MB in ${r.seconds} s: RSS ${r.baselineMb} MB before, peak ${r.peakMb} MB (+${r.growthMb} MB)`,
  );
}
const [stream, naive] = results;
if (stream && naive)
  console.log(
    `streamed export grows RSS by ${stream.growthMb} MB, ${Math.round((stream.growthMb / Math.max(1, naive.growthMb)) * 100)}% of loading every row at once (+${naive.growthMb} MB)`,
  );
writeFileSync(
  join(import.meta.dirname, 'csv-export-results.json'),
  `${JSON.stringify({ date: new Date().toISOString().slice(0, 10), database: process.env.DATABASE_URL ? 'postgres' : 'pglite', results }, null, 2)}\n`,
);
