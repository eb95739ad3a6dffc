import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { startTracing } from '../src/lib/tracing.ts';
import { BROWSER, createTestDatabase, testConfig, uniqueEmail } from './helpers/build-test-app.ts';

/**
 * Issue 26: with OTEL_EXPORTER_OTLP_ENDPOINT set, requests, their database queries and jobs are
 * traced and exported over OTLP/HTTP — here to a local collector that records what it receives.
 */
interface OtlpSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  kind: number;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}

describe('traces', () => {
  const received: OtlpSpan[] = [];
  let collector: Server;
  let endpoint: string;

  beforeAll(async () => {
    collector = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        if (req.url === '/v1/traces') {
          const data = JSON.parse(body) as {
            resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }>;
          };
          for (const r of data.resourceSpans)
            for (const s of r.scopeSpans) received.push(...s.spans);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => collector.close(() => resolve())));

  it('follow a request into its queries, continue the caller’s trace, and cover jobs', async () => {
    const tracing = await startTracing(endpoint, 'Lantern API (test)');
    const { database, drop } = await createTestDatabase({ tracer: tracing.tracer });
    const app = await buildApp({
      config: testConfig({ otlpEndpoint: endpoint }),
      database,
      tracing,
      logger: false,
    });
    await app.ready();
    const callerTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const signUp = await app.inject({
      method: 'POST',
      url: '/account/sign-up',
      headers: { ...BROWSER, traceparent: `00-${callerTrace}-${callerSpan}-01` },
      payload: { email: uniqueEmail('traced'), password: 'a traced passphrase' },
    });
    expect(signUp.statusCode).toBe(200);
    app.jobs.define('test.traced', {
      handler: async () => {
        await app.users.findById(1);
      },
    });
    expect(await app.jobs.runNow('test.traced', {})).toBe(true);
    await app.close(); // flushes the exporter
    await drop();

    const server = received.find((s) => s.name === 'POST /account/sign-up');
    expect(server).toMatchObject({ traceId: callerTrace, parentSpanId: callerSpan, kind: 2 });
    const queries = received.filter((s) => s.parentSpanId === server?.spanId && s.kind === 3);
    expect(queries.map((q) => q.name)).toContain('INSERT');
    // The insert's own text (the request's unit of work begins with a bare `begin`).
    const insert = queries.find((q) => q.name === 'INSERT');
    const text = insert?.attributes.find((a) => a.key === 'db.query.text');
    expect(JSON.stringify(text?.value)).toMatch(/\$1/); // placeholders, never the values
    expect(JSON.stringify(received)).not.toContain('a traced passphrase');

    const job = received.find((s) => s.name === 'job test.traced');
    expect(job).toBeDefined();
    expect(received.some((s) => s.parentSpanId === job?.spanId && s.name === 'SELECT')).toBe(true);
  }, 60_000);
});
