import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TSearchDocument } from '@lantern/contracts';
import { describe, expect, it } from 'vitest';
import { createSiteSearch, SEARCH_INDEX_FILE } from './site-search.ts';

const page = (n: number, word: string): TSearchDocument => ({
  url: `/page-${n}`,
  title: `Page ${n}`,
  description: 'A page.',
  text: `About ${word}.`,
  kind: 'page',
});

function writeIndex(dir: string, docs: TSearchDocument[], mtime: number) {
  const file = join(dir, SEARCH_INDEX_FILE);
  writeFileSync(file, JSON.stringify(docs));
  utimesSync(file, mtime, mtime);
}

describe('createSiteSearch', () => {
  it('finds nothing before a build wrote the index', () => {
    const search = createSiteSearch(mkdtempSync(join(tmpdir(), 'lantern-search-')));
    expect(search('lockbox')).toEqual({ results: [], total: 0 });
  });

  it('answers at most 50 results with the full count', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-search-'));
    writeIndex(
      dir,
      Array.from({ length: 70 }, (_, n) => page(n, 'lockbox')),
      1_000,
    );
    const { results, total } = createSiteSearch(dir)('lockbox');
    expect(results).toHaveLength(50);
    expect(total).toBe(70);
  });

  it('reads the index again when a new build replaces it, and only then', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-search-'));
    writeIndex(dir, [page(1, 'lockbox')], 1_000);
    const search = createSiteSearch(dir);
    expect(search('lockbox').total).toBe(1);
    expect(search('photos').total).toBe(0);
    // Same file time: still the copy in memory.
    writeIndex(dir, [page(1, 'photos')], 1_000);
    expect(search('photos').total).toBe(0);
    writeIndex(dir, [page(1, 'photos'), page(2, 'photos')], 2_000);
    expect(search('photos').total).toBe(2);
    expect(search('lockbox').total).toBe(0);
  });
});
