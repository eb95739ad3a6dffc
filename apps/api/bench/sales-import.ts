// `pnpm bench` (sales import): the import of a 15,000-line sales file — the King County file of
// ../shared/data when present, else 15,000 synthetic lines in its layout — into a fresh embedded
// database, through the service staff's upload and `pnpm sales:import` use (every line checked,
// then all stored in one transaction, 1,000 a batch). Prints lines per second and the process's
// peak RSS (the embedded database runs in this process, so its memory counts too), and writes
// bench/sales-import-results.json for docs/performance.md; nothing is asserted.
import { createReadStream, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate } from '@lantern/db';
import { createClosedSaleRepository } from '../src/features/sales/closed-sales.repository.ts';
import { createSalesImportService } from '../src/features/sales/sales-import.ts';
import { createSalesImportRepository } from '../src/features/sales/sales-imports.repository.ts';
import { writeResults } from './harness.ts';

const SHARED = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'shared',
  'data',
  'king-county-sales-2014-05-to-2015-01.csv',
);
const LINES = Number(process.env.BENCH_SALES_LINES ?? 15_000);
const MB = 1024 * 1024;
const dir = mkdtempSync(join(tmpdir(), 'lantern-sales-bench-'));

/** 15,000 lines in the King County layout, spread over Seattle's ZIPs and a year of days. */
function synthetic(): string {
  const path = join(dir, 'synthetic.csv');
  const rows = [
    'id,date,price,bedrooms,bathrooms,sqft_living,sqft_lot,floors,waterfront,view,condition,grade,sqft_above,sqft_basement,yr_built,yr_renovated,zipcode,lat,long,sqft_living15,sqft_lot15',
  ];
  for (let i = 0; i < LINES; i++) {
    const day = new Date(Date.UTC(2014, 4, 2) + (i % 270) * 86_400_000);
    const date = day.toISOString().slice(0, 10).replaceAll('-', '');
    const area = 900 + ((i * 37) % 3000);
    rows.push(
      `${1_000_000_000 + i},${date},${200_000 + area * 250},${2 + (i % 4)},${1 + (i % 3) * 0.75},${area},${4000 + (i % 9000)},${1 + (i % 2)},0,0,3,7,${area},0,${1930 + (i % 85)},0,${98001 + (i % 199)},${(47.2 + (i % 500) / 1000).toFixed(4)},${(-122.5 + (i % 700) / 1000).toFixed(3)},${area},5000`,
    );
  }
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

const file = existsSync(SHARED) && !process.env.BENCH_SALES_LINES ? SHARED : synthetic();
const database = await createDatabase({ dataDir: join(dir, 'pglite') });
await migrate(database);
const service = createSalesImportService({
  imports: createSalesImportRepository(database.db, createClosedSaleRepository(database.db)),
  storage: { put: async () => 0, get: async () => null, delete: async () => undefined },
  jobs: { enqueue: async () => null },
});

const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
let peakHeap = 0;
// The JS heap apart: PGlite's WebAssembly memory is in RSS too, and it grows with the
// transaction's work whatever our code holds.
const sample = () => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
};
const sampler = setInterval(sample, 50);
const start = performance.now();
const done = await service.importFile(
  file,
  { name: 'bench', attribution: 'bench', priceDisplay: 'model_only' },
  () => createReadStream(file),
);
const seconds = (performance.now() - start) / 1000;
clearInterval(sampler);
sample();
await database.close();

const results = {
  date: new Date().toISOString(),
  file: file === SHARED ? 'king-county-sales-2014-05-to-2015-01.csv' : `synthetic (${LINES} lines)`,
  database: 'pglite',
  status: done.status,
  linesRead: done.linesRead,
  stored: done.stored,
  seconds: Math.round(seconds * 10) / 10,
  linesPerSecond: Math.round(done.linesRead / seconds),
  rssBeforeMb: Math.round(rssBefore / MB),
  peakRssMb: Math.round(peakRss / MB),
  peakHeapMb: Math.round(peakHeap / MB),
  maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
};
console.log(
  `sales import: ${results.linesRead} lines (${results.file}) ${results.status} in ${results.seconds} s = ${results.linesPerSecond} lines/s; RSS ${results.rssBeforeMb} MB before, peak ${results.peakRssMb} MB (max RSS ${results.maxRssMb} MB), JS heap peak ${results.peakHeapMb} MB`,
);
writeResults('sales-import-results.json', results);
