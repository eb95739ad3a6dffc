import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/features/api-tokens/openapi-v1.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/**
 * Issue 48: the public API's description passes Redocly's recommended ruleset with no error,
 * and every operation has an operationId an SDK can name its call by.
 */
let t: TestApp;
let doc: { paths: Record<string, Record<string, { operationId?: string }>> };

beforeAll(async () => {
  t = await buildTestApp();
  doc = (await t.app.inject({ url: '/api/v1/openapi.json' })).json();
});
afterAll(() => t.close());

describe('the v1 description', () => {
  it('has no error under Redocly’s recommended ruleset', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'v1.json',
      config,
    });
    const errors = problems
      .filter((p) => p.severity === 'error')
      .map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
    expect(errors).toEqual([]);
    const warnings = new Set(problems.map((p) => p.ruleId));
    expect(warnings).not.toContain('operation-operationId');
    expect(warnings).not.toContain('operation-2xx-response');
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
