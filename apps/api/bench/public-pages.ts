// `pnpm bench:pages`: every public page that shows data from the database or the catalogue —
// the home page, /flat-fee-mls, a city page, an MLS page, /services, /photography, the list of
// current listings, one listing's page and search — over 10,000 published listings, each against
// a bare route served by the same process, in alternating rounds; with the server's CPU per
// request, its database queries and its memory (idle and peak RSS). Issue 44 moves these pages
// to on-demand rendering: this records them before and after. `kept` is the pages without data
// that were files and are now rendered once per process and kept. Writes
// bench/public-pages-results.json; nothing here is asserted in tests. Needs a built site.
// BENCH_ONLY=kept,home measures those alone, into bench/public-pages-kept-home-results.json.
import {
  type BenchRoute,
  basePort,
  casesOf,
  clientCheck,
  compareRoutes,
  database,
  indexedPages,
  ratios,
  report,
  resultsHeader,
  startListingsServer,
  writeResults,
} from './harness.ts';

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
/** The pages of the first published listings, read through the public listings API. */
async function listingPaths(base: string, count: number): Promise<string[]> {
  const res = await fetch(`${base}/api/listings`);
  if (!res.ok) throw new Error(`GET /api/listings answered ${res.status}`);
  const body = (await res.json()) as { listings: { url: string }[] };
  const paths = body.listings.slice(0, count).map((l) => new URL(l.url, base).pathname);
  if (paths.length === 0) throw new Error('No published listings to measure.');
  return paths;
}

const server = await startListingsServer(basePort + 31, LISTINGS);

const PAGES = {
  home: { paths: ['/'] },
  flatFeeMls: { paths: ['/flat-fee-mls'] },
  city: { paths: indexedPages('flat-fee-mls', 10) },
  mls: { paths: indexedPages('mls', 10) },
  services: { paths: ['/services'] },
  photography: { paths: ['/photography'] },
  list: { paths: ['/current-listings', '/current-listings?page=5', '/past-sales'] },
  listing: { paths: await listingPaths(server.base, 10) },
  search: { paths: ['/search?search=mls', '/search?search=photos', '/search?search=Austin'] },
  kept: { paths: ['/blog', '/blog/what-is-the-mls', '/account/login', '/company/contact'] },
} satisfies Record<string, BenchRoute>;
type Page = keyof typeof PAGES;
const only = process.env.BENCH_ONLY?.split(',').filter((name): name is Page => name in PAGES);
// Partial under BENCH_ONLY: names below are read from its keys, never assumed.
const measured: Partial<Record<Page, BenchRoute>> = only?.length
  ? Object.fromEntries(only.map((name) => [name, PAGES[name]]))
  : PAGES;

const result = await compareRoutes(server, {
  bare: { paths: ['/bench/bare'] },
  ...(measured as Record<Page, BenchRoute>),
});
await server.close();

const names = Object.keys(measured) as Page[];
const cases = casesOf(names);
const { bare } = result.routes;
writeResults(
  only?.length ? `public-pages-${only.join('-')}-results.json` : 'public-pages-results.json',
  {
    ...resultsHeader(LISTINGS),
    paths: Object.fromEntries(names.map((n) => [n, PAGES[n].paths])),
    routes: result.routes,
    ratios: Object.fromEntries(cases.map((n) => [n, ratios(result.routes[n], bare)])),
    clientCheck: clientCheck(bare),
    memory: result.memory,
    rounds_raw: result.raw,
  },
);
const labels = Object.fromEntries([
  ['bare', 'bare route'],
  ...names.map((n) => [n, `${n} (${PAGES[n].paths[0]}${PAGES[n].paths.length > 1 ? ', …' : ''})`]),
]) as Record<'bare' | Page, string>;
report(
  `Public pages over ${LISTINGS.toLocaleString('en-US')} published listings (${database})`,
  labels,
  result,
  'bare',
);
for (const n of cases) {
  const f = ratios(result.routes[n], bare);
  console.log(
    `${n}: ${(f.throughputRatio * 100).toFixed(1)}% of the bare route's throughput, p99 ${f.p99Ratio.toFixed(2)}x, server CPU per request ${f.cpuPerRequestRatio.toFixed(2)}x; ${result.routes[n].queries} database queries during its rounds.`,
  );
}
