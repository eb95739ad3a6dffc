import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/** Issue 26: one id per request in every log line of it and in the answer, joinable with the proxy's. */
describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('are random UUIDs, unique per request, and answered in X-Request-Id', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ url: '/api/health' }),
      t.app.inject({ url: '/api/health' }),
    ]);
    const ids = [a.headers['x-request-id'], b.headers['x-request-id']];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('take the proxy’s X-Request-Id when it is sane, and ignore one that is not', async () => {
    const given = 'caddy-7f3a9c1e-0b2d-4e5f';
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': given } });
    expect(kept.headers['x-request-id']).toBe(given);
    const odd = await t.app.inject({
      url: '/api/health',
      headers: { 'x-request-id': 'a b\u0001<script>' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
