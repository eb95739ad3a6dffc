import * as contracts from '@lantern/contracts';
import * as domain from '@lantern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { isOnDemandPage } from './helpers/site-pages.ts';

/**
 * Routes live in folders named for their URL and register paths relative to them (issue 13):
 * every API path the front ends call, as written in packages/contracts and packages/domain, must be a route the
 * server has, and so must the spec's fixed paths (a page of the public site that Astro renders on
 * demand in the same server counts).
 */
const SPEC_PATHS = [
  'POST /account/login',
  'POST /account/sign-up',
  'POST /account/logout',
  'POST /account/login/apple',
  'POST /account/login/google',
  'POST /account/login/microsoft',
  'POST /user/add-property',
  'GET /search',
  'POST /password/email',
  'GET /ws',
];

/** Every '/api/…' string in the `…_API` and `…_PATHS` objects of contracts and domain (templates skipped). */
function contractPaths(): string[] {
  const paths = new Set<string>();
  for (const [name, value] of Object.entries({ ...contracts, ...domain })) {
    if (!/_(API|PATHS)$/.test(name) || typeof value !== 'object' || value === null) continue;
    for (const path of Object.values(value)) {
      if (typeof path === 'string' && path.startsWith('/api/'))
        paths.add(path.split('?')[0] ?? path);
    }
  }
  return [...paths];
}

describe('route paths', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ testFixtures: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers every API path the contracts name', () => {
    const urls = new Set(t.app.routeTable.map((r) => r.url.replace(/\/$/, '')));
    const found = contractPaths();
    expect(found.length).toBeGreaterThan(40);
    expect(found.filter((p) => !urls.has(p))).toEqual([]);
  });

  it('keeps the spec’s fixed paths', () => {
    const routes = new Set(
      t.app.routeTable.flatMap((r) =>
        [r.method].flat().map((m) => `${m} ${r.url.replace(/\/$/, '')}`),
      ),
    );
    const served = (p: string) =>
      routes.has(p) || (p.startsWith('GET ') && isOnDemandPage(t.app, p.slice('GET '.length)));
    expect(SPEC_PATHS.filter((p) => !served(p))).toEqual([]);
  });
});
