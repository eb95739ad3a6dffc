import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/**
 * GET /metrics (issue 26): Prometheus text behind a bearer token; the names and labels operators
 * build dashboards and alerts on are checked here, so renaming one is a deliberate act.
 */
const TOKEN = 'metrics-token-for-the-test-0123';

describe('GET /metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ metricsToken: TOKEN, jobsPollMs: 0, jobsWorker: false });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('answers only with the token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  });

  it('counts and times requests by route pattern, never the raw URL', async () => {
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/no/such/thing?secret=abc' });
    const text = await scrape();
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="\/api\/health",status_code="200"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^http_requests_total\{method="GET",route="unmatched",status_code="404"\} 1$/m,
    );
    expect(text).toMatch(
      /^http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/health",status_code="200"\} \d+$/m,
    );
    expect(text).toContain('# TYPE http_request_errors_total counter');
    expect(text).not.toContain('secret=abc');
  });

  it('reports the bus lag, job attempts, the queue, failed jobs and sockets', async () => {
    await t.app.bus.publish('user.changed', { userId: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    t.app.jobs.define('test.metric', { handler: async () => {} });
    expect(await t.app.jobs.runNow('test.metric', {})).toBe(true);
    await t.app.jobStore.enqueue('test.metric', {});
    const text = await scrape();
    expect(text).toMatch(/^event_bus_lag_seconds_count\{topic="user\.changed"\} [1-9]/m);
    expect(text).toMatch(/^jobs_attempts_total\{kind="test\.metric",outcome="succeeded"\} 1$/m);
    expect(text).toMatch(/^jobs_queue_depth [1-9]/m);
    expect(text).toMatch(/^jobs_failed \d+$/m);
    expect(text).toMatch(/^websocket_connections 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    if (t.app.database.pool) {
      expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
      expect(text).toMatch(/^db_pool_connections\{state="waiting"\} \d+$/m);
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not there at all', async () => {
    const t = await buildTestApp();
    try {
      expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
