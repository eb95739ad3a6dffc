// `pnpm bench` (second part): GET /api/geocode on the offline geocoder against a bare route
// served by the same process, in alternating rounds, medians reported. The per-session rate
// limit is lifted for the run (DISABLE_RATE_LIMITS), as the issue asks. Writes
// bench/geocode-results.json for docs/performance.md; nothing here is asserted in tests.
import {
  compareRoutes,
  connections,
  database,
  duration,
  ratios,
  rounds,
  signUpBenchUser,
  startBenchServer,
  writeResults,
} from './harness.ts';

const server = await startBenchServer(3901, { GEOCODER: 'offline' });
const cookie = await signUpBenchUser(server.base, 'geo');

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

// The bare route gets the very same requests (paths, query strings, cookie), so the ratio
// measures what the geocode route itself costs rather than HTTP parsing.
const { medians, raw } = await compareRoutes(server.base, {
  bare: {
    paths: geocodePaths.map((p) => p.replace('/api/geocode', '/bench/bare')),
    headers: { cookie },
  },
  geocode: { paths: geocodePaths, headers: { cookie } },
});
server.close();

const result = {
  date: new Date().toISOString(),
  database,
  geocoder: 'offline',
  connections,
  rounds,
  durationSeconds: duration,
  bare: medians.bare,
  geocode: medians.geocode,
  rounds_raw: raw,
  ...ratios(medians.geocode, medians.bare),
  targets: { throughputRatio: '>= 0.60', p99Ratio: '<= 2' },
};
writeResults('geocode-results.json', result);
console.log(
  `database: ${database}, offline geocoder, ${connections} connections, ${rounds} alternating rounds of ${duration}s per route (medians)`,
);
console.table({ 'bare route': medians.bare, 'GET /api/geocode': medians.geocode });
console.log(
  `GET /api/geocode reaches ${(result.throughputRatio * 100).toFixed(1)}% of the bare route's throughput (target >= 60%), p99 ${result.p99Ratio.toFixed(2)}x (target <= 2x)`,
);
