// `pnpm bench:scale` (issue 46), also the last part of `pnpm bench`: the pages that read lists
// — /current-listings, GET /api/listings, a listing page, /search, staff's order and user lists
// and their searches —
// against a bare route in the same process and run, at 1,000 and at 100,000 listings, orders,
// users and properties (bench/scale-seed.ts), on the database DATABASE_URL names (PGlite when
// unset). Prints each figure with its spread and the load average, and as its last line one JSON
// object: {"paths":[{"path","rows","ratio","p99Ratio"},…],"idleRssMb","peakRssMb"}. Nothing is
// asserted; docs/performance.md records the figures. Needs a built site (apps/web/dist).

import pg from 'pg';
import {
  basePort,
  clientCheck,
  compareRoutes,
  database,
  ratios,
  report,
  startBenchServer,
} from './harness.ts';
import { BENCH_OWNER, BENCH_RESO_TOKEN } from './scale-seed.ts';

const SIZES = (process.env.BENCH_SCALE_ROWS ?? '1000,100000').split(',').map(Number);

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/account/login`, {
    method: 'POST',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      origin: base,
      'content-type': 'application/json',
    },
    body: JSON.stringify(BENCH_OWNER),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (res.status !== 200 || !cookie) throw new Error(`bench owner sign-in failed: ${res.status}`);
  return cookie;
}

/** A published listing's page on this server (the seed's newest current one). */
async function listingPage(base: string): Promise<string> {
  const res = await fetch(`${base}/api/listings?view=current`);
  const first = ((await res.json()) as { listings: { url: string }[] }).listings[0];
  if (!first) throw new Error('the scale seed published no current listing');
  return first.url;
}

/**
 * A partner's RESO Web API reads (issue 49): a filtered `$top=200` page, and replication's first
 * page by ModificationTimestamp.
 */
const RESO_PATHS = {
  '/reso/odata/Property?$filter': [
    `/reso/odata/Property?$filter=${encodeURIComponent("StandardStatus eq 'Active' and ListPrice ge 300000")}&$top=200`,
  ],
  '/reso/odata/Property?replication': [
    `/reso/odata/Property?$filter=${encodeURIComponent('ModificationTimestamp gt 2000-01-01T00:00:00Z')}&$top=200`,
  ],
};

interface PathFigure {
  path: string;
  rows: number;
  ratio: number;
  p99Ratio: number;
}

/**
 * On PostgreSQL, each size seeds a database of its own (`bench_scale_<rows>`, made afresh beside
 * the one DATABASE_URL names): the seed would collide with the previous size's rows.
 */
async function freshDatabase(rows: number): Promise<Record<string, string>> {
  const url = process.env.DATABASE_URL;
  if (!url) return {};
  const name = `bench_scale_${rows}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const own = new URL(url);
  own.pathname = `/${name}`;
  return { DATABASE_URL: own.href };
}

async function measure(rows: number, port: number) {
  const env = { BENCH_SCALE_ROWS: String(rows), ...(await freshDatabase(rows)) };
  const server = await startBenchServer(port, env);
  const staff = { cookie: await signIn(server.base) };
  const paths = {
    '/current-listings': ['/current-listings', '/current-listings?page=3'],
    '/api/listings': ['/api/listings?view=current', '/api/listings?view=sold&minPrice=500000'],
    '/listings/{slug}': [await listingPage(server.base)],
    '/search': ['/search?search=lockbox', '/search?search=flat%20fee%20mls'],
    '/api/admin/orders': ['/api/admin/orders', '/api/admin/orders?status=confirmed'],
    '/api/admin/users': ['/api/admin/users', '/api/admin/users?sort=email&dir=asc'],
    // Staff's searches (decision 088): few matches through trigrams, many by walking the order.
    '/api/admin/orders?search': [
      '/api/admin/orders?search=421%20Elm%20St',
      '/api/admin/orders?search=person421%40',
      '/api/admin/orders?search=Elm%20St',
    ],
    '/api/admin/users?search': [
      '/api/admin/users?search=person421%40',
      '/api/admin/users?search=example',
    ],
  };
  const partner = { authorization: `Bearer ${BENCH_RESO_TOKEN}` };
  const routes = Object.fromEntries([
    ['bare', { paths: ['/bench/bare'], headers: staff }],
    ...Object.entries(paths).map(([name, list]) => [name, { paths: list, headers: staff }]),
    ...Object.entries(RESO_PATHS).map(([name, list]) => [name, { paths: list, headers: partner }]),
  ]);
  const result = await compareRoutes(server, routes);
  await server.close();
  report(
    `Lists at ${rows.toLocaleString('en-US')} rows (${database})`,
    Object.fromEntries(Object.keys(routes).map((n) => [n, n])),
    result,
    'bare',
  );
  const bare = result.routes.bare;
  if (!bare) throw new Error('no bare route figures');
  const figures: PathFigure[] = [...Object.keys(paths), ...Object.keys(RESO_PATHS)].map((path) => {
    const measured = result.routes[path];
    if (!measured) throw new Error(`no figures for ${path}`);
    const r = ratios(measured, bare);
    return { path, rows, ratio: r.throughputRatio, p99Ratio: r.p99Ratio };
  });
  console.log(`Load: ${JSON.stringify(clientCheck(bare))}\n`);
  return { figures, memory: result.memory };
}

const all: PathFigure[] = [];
let idleRssMb = 0;
let peakRssMb = 0;
for (const [i, rows] of SIZES.entries()) {
  const { figures, memory } = await measure(rows, basePort + 40 + i);
  all.push(...figures);
  idleRssMb = Math.max(idleRssMb, memory?.idleMb ?? 0);
  peakRssMb = Math.max(peakRssMb, memory?.peakUnderLoadMb ?? 0);
}
for (const path of new Set(all.map((f) => f.path))) {
  const [small, large] = [SIZES[0], SIZES.at(-1)].map((n) =>
    all.find((f) => f.path === path && f.rows === n),
  );
  if (small && large && small !== large) {
    const change = ((large.ratio - small.ratio) / small.ratio) * 100;
    console.log(
      `${path}: ratio ${small.ratio} at ${small.rows}, ${large.ratio} at ${large.rows} (${change.toFixed(0)}%)`,
    );
  }
}
console.log(JSON.stringify({ paths: all, idleRssMb, peakRssMb }));
