import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/features/api-tokens/openapi-v1.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/**
 * Issue 48: the public API's description passes Redocly's recommended ruleset with no error and
 * Spectral's `oas` ruleset with no warning, every operation has an operationId an SDK can name
 * its call by, and no answer's schema closes its objects (v1 answers may gain fields).
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

  it('has no warning under Spectral’s oas ruleset', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(new Document(JSON.stringify(doc), Json, 'v1.json'));
    const found = results.map((r) => `${r.code} at ${r.path.join('.')}: ${r.message}`);
    expect(found.slice(0, 20)).toEqual([]);
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
