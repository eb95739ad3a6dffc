import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { isOnDemandPage } from './helpers/site-pages.ts';

/**
 * docs/api.md's tables are written by hand (their bodies and answers are prose), so nothing
 * regenerates them when a route moves or goes (issue 43): every `METHOD /path` that opens a row
 * must be a route the server has. A parameter on either side (`{hash}`, `:hash`, `{a,b}`) matches
 * any one segment; a path written relative to the row above (`…/photos`) is skipped. The public
 * site's on-demand pages count as routes: Astro renders them in the same server.
 */
const DOC = join(import.meta.dirname, '..', '..', '..', 'docs', 'api.md');

function normalise(path: string): string {
  const bare = path.split('?')[0] ?? path;
  return bare.replace(/\{[^}]*\}|:[\w]+/g, ':p').replace(/\/$/, '') || '/';
}

function segments(route: string): string[] {
  return route.split('/');
}

function matches(doc: string[], route: string[]): boolean {
  if (doc.length !== route.length) return false;
  return doc.every((part, i) => part === route[i] || part === ':p' || route[i] === ':p');
}

/** The `METHOD /path` at the start of each table row of docs/api.md. */
function documentedRoutes(): string[] {
  const found = new Set<string>();
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    if (!line.startsWith('| `')) continue;
    const first = line.split(/(?<!\\)\|/)[1] ?? '';
    for (const [, method, path] of first.matchAll(/`(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)`/g)) {
      found.add(`${method} ${normalise(path as string)}`);
    }
  }
  return [...found].sort();
}

describe('docs/api.md', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ testFixtures: true });
  });
  afterAll(() => t.close());

  it('documents only routes the server has', () => {
    const registered: string[][] = [];
    for (const route of t.app.routeTable) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registered.push(segments(`${method} ${normalise(route.url)}`));
    }
    const documented = documentedRoutes();
    expect(documented.length).toBeGreaterThan(200);
    const served = (doc: string) =>
      registered.some((route) => matches(segments(doc), route)) ||
      (doc.startsWith('GET ') && isOnDemandPage(t.app, doc.slice('GET '.length)));
    expect(documented.filter((doc) => !served(doc))).toEqual([]);
  });
});
