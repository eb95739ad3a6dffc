import { LISTINGS_COUNT_CAP, type TListingsFilter } from '@lantern/contracts';
import type { Listing } from '@lantern/db';
import { LRUCache } from 'lru-cache';
import type { ListingChanges } from './listing-changes.ts';
import type { ListingRepository } from './listings.repository.ts';

/** Filters whose counts are kept: far more than the distinct filters visitors use in a day. */
const KEPT_COUNTS = 5000;
/** Encoded answers kept (`answer`): a page of 24 listings is about 15 KB, so at most 32 MB. */
const KEPT_ANSWER_BYTES = 32 * 1024 * 1024;

export interface ListingsPage {
  rows: Listing[];
  total: number;
  totalCapped: boolean;
}

/**
 * A page of a public list with its count (issue 46). The rows are one index scan; the count is
 * capped at LISTINGS_COUNT_CAP and kept per filter (sort and page aside) until a listing changes,
 * so paging and re-sorting a list counts it once.
 */
export function createListingsPages(deps: {
  listings: Pick<ListingRepository, 'publishedRows' | 'countPublished'>;
  changes: ListingChanges;
}) {
  const counts = new LRUCache<string, Promise<number>>({ max: KEPT_COUNTS });
  const answers = new LRUCache<string, Buffer>({
    maxSize: KEPT_ANSWER_BYTES,
    sizeCalculation: (body) => Math.max(1, body.length),
  });
  // Bumped by each change: an answer made while one happened may be stale, and is not kept.
  let generation = 0;
  deps.changes.onChange(() => {
    generation++;
    counts.clear();
    answers.clear();
  });

  function count(filter: TListingsFilter): Promise<number> {
    const { page: _page, sort: _sort, ...rest } = filter;
    const key = JSON.stringify(rest);
    let kept = counts.get(key);
    if (!kept) {
      const counting = deps.listings.countPublished(rest, LISTINGS_COUNT_CAP);
      kept = counting;
      counts.set(key, counting);
      // A failed count is not kept: the next request tries again.
      counting.catch(() => {
        if (counts.get(key) === counting) counts.delete(key);
      });
    }
    return kept;
  }

  async function page(filter: TListingsFilter, pageSize: number): Promise<ListingsPage> {
    const rows = await deps.listings.publishedRows(filter, pageSize);
    const offset = (filter.page - 1) * pageSize;
    // A short page that is not empty is the last one: its rows give the exact count.
    if (rows.length > 0 && rows.length < pageSize) {
      return { rows, total: offset + rows.length, totalCapped: false };
    }
    const n = await count(filter);
    return { rows, total: Math.min(n, LISTINGS_COUNT_CAP), totalCapped: n > LISTINGS_COUNT_CAP };
  }

  return {
    page,
    /**
     * A page as the caller encodes it (GET /api/listings' JSON), made once per filter, sort and
     * page and kept until a listing changes: the same answer for every visitor.
     */
    async answer(
      filter: TListingsFilter,
      pageSize: number,
      encode: (page: ListingsPage) => Buffer,
    ): Promise<Buffer> {
      const key = JSON.stringify(filter);
      const kept = answers.get(key);
      if (kept) return kept;
      const madeIn = generation;
      const body = encode(await page(filter, pageSize));
      if (madeIn === generation) answers.set(key, body);
      return body;
    },
  };
}
export type ListingsPages = ReturnType<typeof createListingsPages>;
