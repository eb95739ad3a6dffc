// `pnpm bench` (first part): throughput and p99 of GET /api/user (the session hot path) as
// ratios against a bare route served by the same process in the same run, with the server's
// CPU per request, its memory, and the check that the bare route saturated the server rather
// than the client. Times are never asserted in tests; this prints them and writes
// bench/results.json for docs/performance.md.
import {
  basePort,
  compareRoutes,
  reportAgainstBare,
  signUpBenchUser,
  startBenchServer,
} from './harness.ts';

const server = await startBenchServer(basePort);
const cookie = await signUpBenchUser(server.base, 'user');
const result = await compareRoutes(server, {
  // The same request (cookie included) to both, so the ratio measures the session path itself.
  bare: { paths: ['/bench/bare'], headers: { cookie } },
  apiUser: { paths: ['/api/user'], headers: { cookie } },
});
await server.close();

reportAgainstBare(result, 'apiUser', {
  file: 'results.json',
  title: 'Session endpoint',
  label: 'GET /api/user',
  targets: { throughput: 0.35, p99: 3 },
});
