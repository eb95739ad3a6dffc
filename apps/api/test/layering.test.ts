import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Queries live in repositories (issue 13; since issue 42 the `*.repository.ts` files of a feature's
 * folder): a route or a service may name the schema's types, never import the query builder or a
 * table to query with. A feature's `*.plugin.ts` only wires, so it is not scanned either.
 */
const SRC = join(import.meta.dirname, '..', 'src');
const LAYERS = ['routes', 'features'];
const NOT_SCANNED = /\.(repository|plugin)\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/**
 * Helpers of the database package that query nothing: reading a driver's error, and the unit of
 * work's guard and after-commit hooks (decision 068).
 */
const NOT_QUERIES = new Set([
  'isUniqueViolation',
  'isDatabaseUnavailable',
  'assertNoUnitOfWork',
  'afterCommit',
  'detachedFromUnitOfWork',
  'commitAsItIs',
]);

/** Value imports of the database package or drizzle; `import type` is allowed. */
export function queryImports(source: string): string[] {
  const found: string[] = [];
  const imports = /^import\s+(type\s+)?([^;']*?)\s+from\s+'(@lantern\/db|drizzle-orm[^']*)';/gm;
  for (const m of source.matchAll(imports)) {
    if (m[1]) continue;
    const names = (m[2] ?? '')
      .replace(/[{}]/g, '')
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n && !n.startsWith('type ') && !NOT_QUERIES.has(n));
    if (names.length) found.push(`${m[3]}: ${names.join(', ')}`);
  }
  return found;
}

describe('layering', () => {
  it('recognises a query import, and lets a type import through', () => {
    expect(queryImports("import { eq } from 'drizzle-orm';")).toEqual(['drizzle-orm: eq']);
    expect(queryImports("import { type Db, users } from '@lantern/db';")).toEqual([
      '@lantern/db: users',
    ]);
    expect(queryImports("import type { Job } from '@lantern/db';")).toEqual([]);
    expect(queryImports("import { isUniqueViolation } from '@lantern/db';")).toEqual([]);
    expect(queryImports("import { type Job } from '@lantern/db';")).toEqual([]);
  });

  it('no route or service queries the database itself', () => {
    const offenders: string[] = [];
    for (const layer of LAYERS) {
      for (const file of sourceFiles(join(SRC, layer)).filter((f) => !NOT_SCANNED.test(f))) {
        for (const hit of queryImports(readFileSync(file, 'utf8'))) {
          offenders.push(`${relative(SRC, file)} → ${hit}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
