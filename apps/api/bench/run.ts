// `pnpm bench` (first part): throughput and p99 of GET /api/user (the session hot path) as
// ratios against a bare route served by the same process in the same run, with the server's
// CPU per request, its memory, and the check that the bare route saturated the server rather
// than the client. Times are never asserted in tests; this prints them and writes
// bench/results.json for docs/performance.md.
import {
  basePort,
  clientCheck,
  compareRoutes,
  connections,
  database,
  duration,
  ratios,
  report,
  reportRatios,
  rounds,
  signUpBenchUser,
  startBenchServer,
  writeResults,
} from './harness.ts';

const server = await startBenchServer(basePort);
const cookie = await signUpBenchUser(server.base, 'user');
const result = await compareRoutes(server, {
  // The same request (cookie included) to both, so the ratio measures the session path itself.
  bare: { paths: ['/bench/bare'], headers: { cookie } },
  apiUser: { paths: ['/api/user'], headers: { cookie } },
});
await server.close();

const { bare, apiUser } = result.routes;
const figures = ratios(apiUser, bare);
writeResults('results.json', {
  date: new Date().toISOString(),
  database,
  connections,
  rounds,
  durationSeconds: duration,
  bare,
  apiUser,
  ...figures,
  clientCheck: clientCheck(bare),
  memory: result.memory,
  rounds_raw: result.raw,
  targets: { throughputRatio: '>= 0.35', p99Ratio: '<= 3' },
});
report('Session endpoint', { bare: 'bare route', apiUser: 'GET /api/user' }, result, 'bare');
reportRatios('GET /api/user', figures, apiUser, { throughput: 0.35, p99: 3 });
