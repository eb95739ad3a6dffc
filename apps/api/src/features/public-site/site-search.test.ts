import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPrefixIndex,
  SEARCH_MAX_RESULTS,
  searchSite,
  type TSearchDocument,
  ZSearchIndexSchema,
} from '@lantern/contracts';
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

describe('the inverted index (issue 46)', () => {
  // The real site's index, as the build wrote it (the test command builds first).
  const dist = join(import.meta.dirname, '../../../../web/dist/client');
  const file = join(dist, SEARCH_INDEX_FILE);
  const documents = ZSearchIndexSchema.parse(JSON.parse(readFileSync(file, 'utf8')));

  /** Queries of one and two words, from every part of the index's vocabulary, and prefixes. */
  function queries(): string[] {
    const words = [
      ...new Set(
        documents.flatMap((d) => `${d.title} ${d.text}`.toLowerCase().match(/\p{L}+/gu) ?? []),
      ),
    ].sort();
    const picked = words.filter((_, i) => i % 61 === 0);
    return [
      'lockbox',
      'flat fee mls',
      'austin',
      'sign post',
      'how do I sell my home',
      'zzzz',
      'Lockbox, rental!',
      ...picked,
      ...picked.map((w) => w.slice(0, 3)),
      ...picked.map((w, i) => `${w} ${picked[(i * 7) % picked.length]}`),
    ];
  }

  it('answers every query exactly as a pass over every document does', () => {
    const search = createSiteSearch(dist);
    const asked = queries();
    expect(asked.length).toBeGreaterThan(100);
    for (const query of asked) {
      const whole = searchSite(documents, query);
      const expected = { results: whole.results.slice(0, SEARCH_MAX_RESULTS), total: whole.total };
      expect(search(query), query).toEqual(expected);
      // The kept answer is the same one.
      expect(search(query), query).toEqual(expected);
    }
  });

  it('finds a document only through words it has', () => {
    const index = createPrefixIndex([
      page(1, 'lockboxes'),
      page(2, 'blocked'),
      page(3, 'Lock-Box'),
    ]);
    expect(index.candidates(['lockbox']).map((d) => d.url)).toEqual(['/page-1']);
    expect(index.candidates(['lock']).map((d) => d.url)).toEqual(['/page-1', '/page-3']);
    expect(index.candidates(['lock', 'box']).map((d) => d.url)).toEqual(['/page-3']);
    expect(index.candidates(['page', 'nothing'])).toEqual([]);
  });
});
