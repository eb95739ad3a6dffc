import fp from 'fastify-plugin';
import type { Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics of this instance (issue 26; docs/operations.md "Metrics"). */
    metrics: Metrics;
  }
}

export interface Metrics {
  /** null while metrics are off (no METRICS_TOKEN): nothing is counted. */
  registry: Registry | null;
  jobAttempt(kind: string, outcome: 'succeeded' | 'retrying' | 'failed'): void;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * One registry per app (tests build several in a process). Requests are labelled by their route
 * pattern, never the raw URL, so the series stay few; a request no route matched is `unmatched`.
 * Gauges that need the database (queue depth) are read when Prometheus scrapes, not kept up to date.
 */
export default fp(
  async (app) => {
    if (!app.config.metricsToken) {
      // Off: no counting on every request, and prom-client (several MB) is never loaded.
      app.decorate('metrics', { registry: null, jobAttempt: () => {} } satisfies Metrics);
      return;
    }
    const { default: client } = await import('prom-client');
    const registry = new client.Registry();
    client.collectDefaultMetrics({ register: registry });
    const labels = ['method', 'route', 'status_code'] as const;
    const requests = new client.Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern and status code.',
      labelNames: labels,
      registers: [registry],
    });
    const duration = new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route pattern.',
      labelNames: labels,
      buckets: SECONDS,
      registers: [registry],
    });
    const errors = new client.Counter({
      name: 'http_request_errors_total',
      help: 'Requests answered with a server error (5xx), by route pattern.',
      labelNames: ['method', 'route'] as const,
      registers: [registry],
    });
    const busLag = new client.Histogram({
      name: 'event_bus_lag_seconds',
      help: 'Time from a bus message being published (on any instance) to its delivery here.',
      labelNames: ['topic'] as const,
      buckets: SECONDS,
      registers: [registry],
    });
    const jobAttempts = new client.Counter({
      name: 'jobs_attempts_total',
      help: 'Job attempts finished here, by kind and outcome (succeeded, retrying, failed).',
      labelNames: ['kind', 'outcome'] as const,
      registers: [registry],
    });
    new client.Gauge({
      name: 'jobs_queue_depth',
      help: 'Jobs due to run now and not taken by any instance (read at scrape time).',
      registers: [registry],
      async collect() {
        this.set(await app.jobStore.countDue());
      },
    });
    new client.Gauge({
      name: 'jobs_failed',
      help: 'Jobs that failed for good and wait for staff (read at scrape time).',
      registers: [registry],
      async collect() {
        this.set(await app.jobStore.countFailed());
      },
    });
    new client.Gauge({
      name: 'websocket_connections',
      help: 'Open /ws connections on this instance.',
      registers: [registry],
      collect() {
        this.set(app.realtime.localConnections);
      },
    });
    const pool = app.database.pool;
    if (pool) {
      new client.Gauge({
        name: 'db_pool_connections',
        help: 'PostgreSQL pool connections of this instance: total, idle, and requests waiting.',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }

    const off = app.bus.onDelivered((topic, lag) => busLag.observe({ topic }, lag));
    app.addHook('onClose', async () => off());

    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      const l = { method: request.method, route, status_code: String(status) };
      requests.inc(l);
      duration.observe(l, reply.elapsedTime / 1000);
      if (status >= 500) errors.inc({ method: request.method, route });
    });

    app.decorate('metrics', {
      registry,
      jobAttempt: (kind, outcome) => jobAttempts.inc({ kind, outcome }),
    } satisfies Metrics);
  },
  { name: 'metrics', dependencies: ['services'] },
);
