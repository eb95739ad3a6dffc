// `pnpm bench` (sixth part): GET /current-listings — the built page with its results filled
// from the database (filters, sort, paging, the map's points) — over 10,000 published listings,
// against a bare route served by the same process, in alternating rounds; with the server's CPU
// per request and its memory (peak RSS under load). Each query's matches are printed first, so a
// query that only measures the empty result shows (issue 46). Writes
// bench/listing-pages-results.json for docs/performance.md; nothing here is asserted in tests.
// Needs a built site (apps/web/dist).
import {
  basePort,
  browser,
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
/** What each query shows a visitor: the page's count of matching homes and the cards on it. */
async function matches(query: string) {
  const html = await (await fetch(`${server.base}/current-listings${query}`)).text();
  const count = /listings-count[^>]*>\s*<span[^>]*>([\d,]+) home/.exec(html);
  return {
    query: query || '(none)',
    matching: Number(count?.[1]?.replaceAll(',', '') ?? 0),
    'cards on the page': html.split('data-listing-card').length - 1,
  };
}
const matchesPerQuery = await Promise.all(QUERIES.map(matches));
console.log('Listings each query matches:');
console.table(matchesPerQuery);
const empty = matchesPerQuery.filter((m) => m['cards on the page'] === 0);
if (empty.length > 0)
  console.log(
    `WARNING: ${empty.map((m) => m.query).join(', ')} show no listing: those rounds measure the empty result.`,
  );

const result = await compareRoutes(server, {
  // The bare route gets the same query strings, so the ratio measures the page itself.
  bare: { paths: QUERIES.map((q) => `/bench/bare${q}`) },
  listings: { paths: QUERIES.map((q) => `/current-listings${q}`) },
});
await server.close();

const { bare, listings } = result.routes;
const asBrowser = result.routes[browser('listings')];
const figures = ratios(listings, bare);
const browserFigures = ratios(asBrowser, bare);
writeResults('listing-pages-results.json', {
  ...resultsHeader(LISTINGS),
  queries: matchesPerQuery,
  bare,
  listings,
  [browser('listings')]: asBrowser,
  ...figures,
  browser: browserFigures,
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
for (const [label, f, r] of [
  ['GET /current-listings', figures, listings],
  ["GET /current-listings with a browser's Accept-Encoding", browserFigures, asBrowser],
] as const)
  console.log(
    `${label} reaches ${(f.throughputRatio * 100).toFixed(1)}% of the bare route's throughput, p99 ${f.p99Ratio.toFixed(2)}x, server CPU per request ${f.cpuPerRequestRatio.toFixed(2)}x; ${r.queries} database queries during its rounds.`,
  );
