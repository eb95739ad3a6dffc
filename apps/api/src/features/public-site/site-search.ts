import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  SEARCH_MAX_RESULTS,
  searchSite,
  type TSearchDocument,
  type TSiteSearch,
  ZSearchIndexSchema,
} from '@lantern/contracts';

/** The index the web build writes beside the pages (apps/web/integrations/search-index.ts). */
export const SEARCH_INDEX_FILE = 'search-index.json';

/**
 * The site search behind /search (spec section 7; docs/decisions/007-public-site.md): the
 * build's index, read once and again only when a new build replaces the file, searched here so
 * that the 3 MB index never leaves the server. Without a built index nothing is found.
 */
export function createSiteSearch(webDist: string): (query: string) => TSiteSearch {
  const file = join(webDist, SEARCH_INDEX_FILE);
  let loaded: { mtimeMs: number; index: TSearchDocument[] } | undefined;
  const index = (): TSearchDocument[] => {
    if (!existsSync(file)) return [];
    const mtimeMs = statSync(file).mtimeMs;
    if (loaded?.mtimeMs !== mtimeMs) {
      loaded = { mtimeMs, index: ZSearchIndexSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) };
    }
    return loaded.index;
  };
  return (query) => {
    const { results, total } = searchSite(index(), query);
    return { results: results.slice(0, SEARCH_MAX_RESULTS), total };
  };
}
