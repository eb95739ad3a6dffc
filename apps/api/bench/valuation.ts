// `pnpm bench` (valuation): one estimate — the store's candidate query and the engine — with a
// million sales in an embedded database. The sales are synthetic (20 metro areas of 50,000 sales
// each over two years, 30 km across), because no public file holds a million; what is measured
// is the time, not the accuracy (that is `pnpm valuation:evaluate`). Prints p50 and p95 over 300
// estimates at random homes, their spread and the peak RSS, and writes
// bench/results-valuation.json; nothing is asserted (docs/performance.md "Valuation").
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createDatabase, migrate } from '@lantern/db';
import { sql } from 'drizzle-orm';
import { createClosedSaleRepository } from '../src/features/sales/closed-sales.repository.ts';
import { createEstimator } from '../src/features/valuation/estimate.ts';
import { writeResults } from './harness.ts';

const SALES = Number(process.env.BENCH_VALUATION_SALES ?? 1_000_000);
const ESTIMATES = 300;
const AS_OF = '2026-11-01';
const dir = mkdtempSync(join(tmpdir(), 'lantern-valuation-bench-'));
const url = process.env.DATABASE_URL;
const schemaName = url ? `bench_${Date.now()}` : undefined;
const database = await createDatabase(url ? { url, schemaName } : { dataDir: join(dir, 'pglite') });
await migrate(database, schemaName);

const METROS = Array.from({ length: 20 }, (_, i) => ({ lat: 30 + i * 0.9, lng: -120 + i * 2.1 }));
const loadStart = performance.now();
const BATCH = 50_000;
for (let from = 0; from < SALES; from += BATCH) {
  const to = Math.min(SALES, from + BATCH) - 1;
  // Deterministic pseudo-random facts from the row number (hashes of i), spread over each metro.
  await database.db.execute(sql`
    insert into closed_sales (source, listing_key, close_date, close_price, living_area,
      lot_size_square_feet, bedrooms_total, bathrooms_total_decimal, year_built, latitude,
      longitude, postal_code, state_or_province, price_display, attribution)
    select 'bench', 'b' || i, ${AS_OF}::date - 1 - (i * 7919 % 730)::int,
      150000 + (i * 104729 % 900000), 800 + (i * 31 % 3200), 2000 + (i * 53 % 20000),
      1 + (i % 5), 1 + (i % 4) * 0.5, 1920 + (i % 100),
      ${sql.raw('m.lat')} + ((i * 2654435761 % 1000) / 1000.0 - 0.5) * 0.27,
      ${sql.raw('m.lng')} + ((i * 40503 % 1000) / 1000.0 - 0.5) * 0.35,
      lpad(((i % 20) * 1000 + 10000 + (i % 37))::text, 5, '0'), 'TX', 'model_only', 'bench'
    from generate_series(${from}::bigint, ${to}::bigint) as i
    join (values ${sql.raw(METROS.map((m, k) => `(${k}, ${m.lat}, ${m.lng})`).join(', '))}) as m(k, lat, lng)
      on m.k = i % 20`);
}
// As an import does when it ends: the planner needs the table's statistics to use its index.
await database.db.execute(sql`analyze closed_sales`);
const loadSeconds = (performance.now() - loadStart) / 1000;

const estimator = createEstimator({ sales: createClosedSaleRepository(database.db) });
const times: number[] = [];
let valued = 0;
let peakRss = process.memoryUsage().rss;
for (let n = 0; n < ESTIMATES + 20; n++) {
  const metro = METROS[n % METROS.length] as { lat: number; lng: number };
  const subject = {
    Latitude: metro.lat + (((n * 7) % 100) / 100 - 0.5) * 0.2,
    Longitude: metro.lng + (((n * 13) % 100) / 100 - 0.5) * 0.25,
    positionPrecision: 'rooftop' as const,
    LivingArea: 1200 + ((n * 97) % 2000),
    LotSizeSquareFeet: 6000,
    BedroomsTotal: 3,
    BathroomsTotalDecimal: 2,
    YearBuilt: 1985,
  };
  const start = performance.now();
  const outcome = await estimator.estimate(subject, AS_OF);
  const ms = performance.now() - start;
  if (n >= 20) {
    times.push(ms);
    if (outcome.ok) valued++;
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
if (database.pool && schemaName) await database.pool.query(`DROP SCHEMA "${schemaName}" CASCADE`);
await database.close();

times.sort((a, b) => a - b);
const at = (q: number) =>
  times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] as number;
const results = {
  database: database.kind,
  sales: SALES,
  loadSeconds: Math.round(loadSeconds),
  estimates: times.length,
  valued,
  p50Ms: Math.round(at(0.5) * 10) / 10,
  p95Ms: Math.round(at(0.95) * 10) / 10,
  maxMs: Math.round(at(1) * 10) / 10,
  spreadP95OverP50: Math.round((at(0.95) / at(0.5)) * 100) / 100,
  peakRssMb: Math.round(peakRss / 1024 / 1024),
};
console.log(`valuation: ${JSON.stringify(results)}`);
writeResults('results-valuation.json', results);
