import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The feature plugins are autoloaded (issue 42) in the order their declared `dependencies` give,
 * and otherwise in whatever order the folder is read: a plugin that reads another's decorator
 * without naming it works or fails by chance (a page-landing service once captured
 * `app.properties` before it existed). Each `app.<decorator>` a plugin file names must belong to
 * itself, to a core plugin, or to a plugin it depends on, directly or not.
 */
const SRC = join(import.meta.dirname, '..', 'src');

/** Used only later (per request, per scrape, per call), so the order does not matter. */
const LATE = new Set([
  'auth → apiTokens', // a bearer token is resolved per request; api-tokens depends on auth
  'metrics → jobStore', // read when metrics are scraped; jobs depends on metrics
  'metrics → realtime', // read when metrics are scraped
  'listing-tools → listingAnalytics', // counted when a tool runs
]);

interface Plugin {
  file: string;
  name: string;
  dependencies: string[];
  decorates: string[];
  uses: string[];
}

function pluginOf(file: string): Plugin {
  const text = readFileSync(file, 'utf8');
  const meta = [
    ...text.matchAll(/\{\s*name:\s*'([\w-]+)'(?:,\s*dependencies:\s*\[([^\]]*)\])?/g),
  ].at(-1);
  return {
    file: relative(SRC, file),
    name: meta?.[1] ?? file,
    dependencies: [...(meta?.[2] ?? '').matchAll(/'([\w-]+)'/g)].map((m) => m[1] ?? ''),
    decorates: [...text.matchAll(/\.decorate\(\s*'(\w+)'/g)].map((m) => m[1] ?? ''),
    uses: [...new Set([...text.matchAll(/\bapp\.(\w+)/g)].map((m) => m[1] ?? ''))],
  };
}

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && pattern.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

function undeclared(features: Plugin[], core: Plugin[]): string[] {
  const byName = new Map(features.map((p) => [p.name, p]));
  const owner = new Map<string, string>();
  for (const p of [...core, ...features]) for (const d of p.decorates) owner.set(d, p.name);
  const coreNames = new Set(core.map((p) => p.name));
  const reach = (name: string, seen = new Set<string>()): Set<string> => {
    for (const d of byName.get(name)?.dependencies ?? []) {
      if (!seen.has(d)) reach(d, seen.add(d));
    }
    return seen;
  };
  const missing: string[] = [];
  for (const p of features) {
    const reachable = reach(p.name);
    for (const used of p.uses) {
      const from = owner.get(used);
      if (!from || from === p.name || coreNames.has(from) || reachable.has(from)) continue;
      if (!LATE.has(`${p.name} → ${used}`)) missing.push(`${p.file}: app.${used} from '${from}'`);
    }
  }
  return missing;
}

describe('feature plugin dependencies', () => {
  const core = files(join(SRC, 'plugins'), /\.ts$/).map(pluginOf);
  const features = files(join(SRC, 'features'), /\.plugin\.ts$/).map(pluginOf);

  it('finds a decorator read from a plugin that is not a dependency', () => {
    const a = { file: 'a.plugin.ts', name: 'a', dependencies: [], decorates: ['one'], uses: [] };
    const b = { file: 'b.plugin.ts', name: 'b', dependencies: [], decorates: [], uses: ['one'] };
    expect(undeclared([a, b], [])).toEqual(["b.plugin.ts: app.one from 'a'"]);
    expect(undeclared([a, { ...b, dependencies: ['a'] }], [])).toEqual([]);
  });

  it('every plugin names the plugins whose decorators it reads', () => {
    expect(features.length).toBeGreaterThan(40);
    expect(undeclared(features, core)).toEqual([]);
  });
});
