// `pnpm bench`: throughput and p99 of GET /api/user (the session hot path) as ratios against a
// bare route served by the same process in the same run. Times are never asserted in tests;
// this prints them and writes bench/results.json for docs/performance.md.
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

const server = await startBenchServer(3900);
const cookie = await signUpBenchUser(server.base, 'user');
const { medians, raw } = await compareRoutes(server.base, {
  // The same request (cookie included) to both, so the ratio measures the session path itself.
  bare: { paths: ['/bench/bare'], headers: { cookie } },
  apiUser: { paths: ['/api/user'], headers: { cookie } },
});
server.close();

const result = {
  date: new Date().toISOString(),
  database,
  connections,
  rounds,
  durationSeconds: duration,
  bare: medians.bare,
  apiUser: medians.apiUser,
  rounds_raw: raw,
  ...ratios(medians.apiUser, medians.bare),
  targets: { throughputRatio: '>= 0.35', p99Ratio: '<= 3' },
};
writeResults('results.json', result);
console.log(
  `database: ${database}, ${connections} connections, ${rounds} alternating rounds of ${duration}s per route (medians)`,
);
console.table({ 'bare route': medians.bare, 'GET /api/user': medians.apiUser });
console.log(
  `GET /api/user reaches ${(result.throughputRatio * 100).toFixed(1)}% of the bare route's throughput (target >= 35%), p99 ${result.p99Ratio.toFixed(2)}x (target <= 3x)`,
);
