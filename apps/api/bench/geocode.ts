// `pnpm bench` (third part): GET /api/geocode on the offline geocoder against a bare route
// served by the same process, in alternating rounds, with spreads, the server's CPU per
// request and memory, and the check that the bare route saturated the server. The per-session
// rate limit is lifted for the run (DISABLE_RATE_LIMITS). Writes bench/geocode-results.json for
// docs/performance.md; nothing here is asserted in tests.
import {
  basePort,
  compareRoutes,
  reportAgainstBare,
  signUpBenchUser,
  startBenchServer,
} from './harness.ts';

const server = await startBenchServer(basePort + 1, { GEOCODER: 'offline' });
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
const result = await compareRoutes(server, {
  bare: {
    paths: geocodePaths.map((p) => p.replace('/api/geocode', '/bench/bare')),
    headers: { cookie },
  },
  geocode: { paths: geocodePaths, headers: { cookie } },
});
await server.close();

reportAgainstBare(result, 'geocode', {
  file: 'geocode-results.json',
  title: 'Geocoding endpoint',
  label: 'GET /api/geocode',
  extra: { geocoder: 'offline' },
  targets: { throughput: 0.6, p99: 2 },
});
