import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lintDescription } from '../scripts/lint-openapi.ts';
import { operationIdOf } from '../src/features/api-tokens/openapi-v1.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/**
 * Issue 48: the public API's description passes Redocly's recommended ruleset with no error and
 * Spectral's `oas` ruleset with no warning, every operation has an operationId an SDK can name
 * its call by, and no answer's schema closes its objects (v1 answers may gain fields).
 */
let t: TestApp;
let doc: {
  paths: Record<string, Record<string, { operationId?: string; responses?: object }>>;
};

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
});
afterAll(() => t.close());

describe('the v1 description', () => {
  it('has no Redocly error and no Spectral finding (what `pnpm lint:openapi` checks)', async () => {
    const { failing } = await lintDescription(doc);
    expect(failing.slice(0, 20)).toEqual([]);
    // Redocly only warns of these; an SDK needs both.
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(op.operationId, `${method} ${path}`).toBeDefined();
        expect(
          Object.keys(op.responses ?? {}).some((s) => s.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });

  it('leaves every answer open to new fields', () => {
    const text = JSON.stringify(
      Object.values(doc.paths).flatMap((ops) =>
        Object.values(ops).map((o) => (o as { responses?: unknown }).responses),
      ),
    );
    expect(text).not.toContain('"additionalProperties":false');
  });

  it('names every operation after its method and path, once', () => {
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId),
    );
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('GET', '/api/v1/dashboard/orders/{hash}')).toBe(
      'getDashboardOrdersByHash',
    );
    expect(operationIdOf('POST', '/api/v1/dashboard/property-visibility')).toBe(
      'postDashboardPropertyVisibility',
    );
  });
});
