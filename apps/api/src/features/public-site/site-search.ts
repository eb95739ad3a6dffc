import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  createPrefixIndex,
  type PrefixIndex,
  queryTerms,
  SEARCH_MAX_RESULTS,
  searchSite,
  type TSearchDocument,
  type TSiteSearch,
  ZSearchIndexSchema,
} from '@lantern/contracts';
import { LRUCache } from 'lru-cache';

/** The index the web build writes beside the pages (apps/web/integrations/search-index.ts). */
export const SEARCH_INDEX_FILE = 'search-index.json';

/** Answers kept per query: a few hundred KB at most (50 results with their snippets each). */
const KEPT_ANSWERS = 500;

interface LoadedIndex {
  mtimeMs: number;
  documents: TSearchDocument[];
  words: PrefixIndex;
  answers: LRUCache<string, TSiteSearch>;
}

/**
 * The site search behind /search (spec section 7; docs/decisions/007-public-site.md): the
 * build's index, read once and again only when a new build replaces the file, searched here so
 * that the 3 MB index never leaves the server. Without a built index nothing is found. Issue 46:
 * an inverted index of its words finds the documents that can match, and an answer is kept per
 * query (its words) until the file changes — the index is the build's, so nothing else can.
 */
export function createSiteSearch(webDist: string): (query: string) => TSiteSearch {
  const file = join(webDist, SEARCH_INDEX_FILE);
  let loaded: LoadedIndex | undefined;
  const index = (): LoadedIndex | undefined => {
    if (!existsSync(file)) return undefined;
    const mtimeMs = statSync(file).mtimeMs;
    if (loaded?.mtimeMs !== mtimeMs) {
      const documents = ZSearchIndexSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
      const answers = new LRUCache<string, TSiteSearch>({ max: KEPT_ANSWERS });
      loaded = { mtimeMs, documents, words: createPrefixIndex(documents), answers };
    }
    return loaded;
  };
  return (query) => {
    const found = index();
    if (!found) return { results: [], total: 0 };
    // Kept by its words, not its text: "Lockbox " and "lockbox" are one answer, where the kept
    // search pages (KEEP_PAGE_HEADER `query`) are one per address.
    const terms = queryTerms(query);
    const key = terms.join(' ');
    let answer = found.answers.get(key);
    if (!answer) {
      const within = found.words.candidates(terms);
      const { results, total } = searchSite(found.documents, query, within);
      answer = { results: results.slice(0, SEARCH_MAX_RESULTS), total };
      found.answers.set(key, answer);
    }
    return answer;
  };
}
