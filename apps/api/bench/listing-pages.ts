// `pnpm bench` (sixth part): GET /current-listings — the built page with its results filled
// from the database (filters, sort, paging, the map's points) — over 10,000 published listings,
// against a bare route served by the same process, in alternating rounds; with the server's CPU
// per request and its memory (peak RSS under load). Writes bench/listing-pages-results.json for
// docs/performance.md; nothing here is asserted in tests. Needs a built site (apps/web/dist).
import {
  basePort,
  clientCheck,
  compareRoutes,
  ratios,
  report,
  resultsHeader,
  startListingsServer,
  writeResults,
} from './harness.ts';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const server = await startListingsServer(basePort + 21, LISTINGS);

// What visitors ask for: the first page, later pages, each filter alone and together, each sort.
const QUERIES = [
  '',
  '?page=5',
  '?page=300',
  '?place=Austin',
  '?place=78701&type=condo',
  '?minPrice=200000&maxPrice=400000&beds=3',
  '?sort=price-asc',
  '?sort=price-desc&baths=2',
  '?place=Denver%2C%20CO&sort=price-asc&page=2',
  '?type=townhouse&minPrice=300000',
];
const result = await compareRoutes(server, {
  // The bare route gets the same query strings, so the ratio measures the page itself.
  bare: { paths: QUERIES.map((q) => `/bench/bare${q}`) },
  listings: { paths: QUERIES.map((q) => `/current-listings${q}`) },
});
await server.close();

const { bare, listings } = result.routes;
const figures = ratios(listings, bare);
writeResults('listing-pages-results.json', {
  ...resultsHeader(LISTINGS),
  queries: QUERIES,
  bare,
  listings,
  ...figures,
  clientCheck: clientCheck(bare),
  memory: result.memory,
  rounds_raw: result.raw,
});
report(
  `Public listing pages over ${LISTINGS.toLocaleString('en-US')} published listings`,
  { bare: 'bare route', listings: 'GET /current-listings' },
  result,
  'bare',
);
// The issue names no targets for these ratios: they are recorded to be compared run to run.
console.log(
  `GET /current-listings reaches ${(figures.throughputRatio * 100).toFixed(1)}% of the bare route's throughput, p99 ${figures.p99Ratio.toFixed(2)}x, server CPU per request ${figures.cpuPerRequestRatio.toFixed(2)}x; ${listings.queries} database queries during its rounds.\n`,
);
