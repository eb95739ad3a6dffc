import { z } from 'zod';

/** GET /search?search=… — spec sections 3 and 7 ("Search form: search"). */
export const SEARCH_MAX_QUERY = 200;
export const ZSearchQuerySchema = z.object({
  // Never rejected: whatever arrives is cut to size and searched (an empty one shows the prompt).
  search: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (Array.isArray(v) ? (v[0] ?? '') : (v ?? '')).slice(0, SEARCH_MAX_QUERY)),
});

/**
 * One page or post in the search index (built with the site: dist/search-index.json). `service`
 * pages are the ones the Services and Flat Fee MLS menus offer, `help` the help and contact
 * pages; `label` is a service's short name in those menus ("Lockbox Rental").
 */
export const ZSearchDocumentSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  /**
   * The page's main text, tags and markup removed, and without the elements marked `data-live`:
   * values a page shows from the database at run time (prices, listing counts, listings) are
   * never indexed, since the index is made once per build (apps/web/integrations/search-index.ts).
   */
  text: z.string(),
  kind: z.enum(['service', 'help', 'page', 'post', 'city', 'mls']),
  label: z.string().optional(),
});
export type TSearchDocument = z.infer<typeof ZSearchDocumentSchema>;
export const ZSearchIndexSchema = z.array(ZSearchDocumentSchema);

/** The results page lists at most this many (the count says how many there are). */
export const SEARCH_MAX_RESULTS = 50;

/** A run of text, `match` when it should be highlighted. Renderers escape `text`. */
export interface TextSegment {
  text: string;
  match: boolean;
}

export interface SearchResult {
  url: string;
  title: string;
  /** `cities`: the city pages that match only in their shared text, as one result. */
  kind: TSearchDocument['kind'] | 'cities';
  snippet: TextSegment[];
  score: number;
  /**
   * Ranked before any score (issue 14, item 8): 0 when the title has every word searched for,
   * 1 for a service or help page, 2 for the rest (and always for the grouped city pages).
   */
  tier: 0 | 1 | 2;
}

/**
 * How much a kind's matches weigh (issue 14, item 8): what we sell and how to get help come
 * first; hundreds of generated city and MLS pages last, whatever they repeat.
 */
const KIND_WEIGHT: Record<TSearchDocument['kind'], number> = {
  service: 4,
  help: 3,
  post: 2,
  page: 2,
  mls: 1,
  city: 1,
};

const MAX_TERMS = 8;

/** Lower-case words of letters and digits, at most 8, each at most 40 characters. */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words.map((w) => w.slice(0, 40)))];
  return unique.slice(0, MAX_TERMS);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches a word starting with any of the terms ("lockbox" finds "lockboxes"). */
function termPattern(terms: string[]): RegExp {
  return new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${terms.map(escapeRegExp).join('|')})[\\p{L}\\p{N}]*`,
    'giu',
  );
}

/** Whether `text` has a word starting with `term` (no global state, unlike termPattern's). */
function hasTerm(term: string): RegExp {
  return new RegExp(termPattern([term]).source, 'iu');
}

function countMatches(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) && n < 50) n++;
  return n;
}

/** Split text into plain and highlighted runs. */
export function highlight(text: string, terms: string[]): TextSegment[] {
  if (!terms.length) return [{ text, match: false }];
  const out: TextSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(termPattern(terms))) {
    const start = m.index ?? 0;
    if (start > last) out.push({ text: text.slice(last, start), match: false });
    out.push({ text: m[0], match: true });
    last = start + m[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last), match: false });
  return out;
}

/** About `size` characters of `text` around the first match, cut at word boundaries. */
export function snippetAround(text: string, terms: string[], size = 180): string {
  const m = termPattern(terms).exec(text);
  if (text.length <= size) return text;
  const at = m?.index ?? 0;
  let start = Math.max(0, at - Math.floor(size / 3));
  let end = Math.min(text.length, start + size);
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  const space = text.lastIndexOf(' ', end);
  if (end < text.length && space > start) end = space;
  return `${start > 0 ? '… ' : ''}${text.slice(start, end).trim()}${end < text.length ? ' …' : ''}`;
}

/**
 * Every document containing all the query's words (as word prefixes), best first: pages titled
 * with every word, then service and help pages, then the rest; within each, title matches weigh
 * most, then the description, then the body, times the kind's KIND_WEIGHT.
 */
export function searchDocuments(
  documents: readonly TSearchDocument[],
  query: string,
  limit = 50,
): SearchResult[] {
  const terms = queryTerms(query);
  if (!terms.length) return [];
  // One compiled pattern per term for the whole index, not one per document.
  const patterns = terms.map((term) => termPattern([term]));
  const any = termPattern(terms);
  const results: SearchResult[] = [];
  for (const doc of documents) {
    let score = 0;
    let all = true;
    for (const re of patterns) {
      const inTitle = countMatches(doc.title, re);
      const inDescription = countMatches(doc.description, re);
      const inText = countMatches(doc.text, re);
      if (!inTitle && !inDescription && !inText) {
        all = false;
        break;
      }
      score += inTitle * 10 + inDescription * 4 + Math.min(inText, 10);
    }
    if (!all) continue;
    const titled = patterns.every((re) => {
      re.lastIndex = 0;
      return re.test(doc.title);
    });
    any.lastIndex = 0;
    const source = any.test(doc.text) ? doc.text : doc.description;
    results.push({
      url: doc.url,
      title: doc.title,
      kind: doc.kind,
      snippet: highlight(snippetAround(source, terms), terms),
      score: score * KIND_WEIGHT[doc.kind],
      tier: titled ? 0 : doc.kind === 'service' || doc.kind === 'help' ? 1 : 2,
    });
  }
  return results.sort(byRank).slice(0, limit);
}

const byRank = (a: SearchResult, b: SearchResult) =>
  a.tier - b.tier || b.score - a.score || a.title.localeCompare(b.title);

/** Where the grouped city result leads: the Flat Fee MLS page, which lists every city. */
export const CITY_INDEX_URL = '/flat-fee-mls';
const CITY_EXAMPLES = 3;

/**
 * The results page's list (issue 14, item 8): `searchDocuments`, with the city pages that match
 * only through the text every city page shares grouped into one result ("Lockbox Rental in 903
 * cities"). A city page whose own name matches (a search for "austin") stays a result of its own.
 */
export function searchSite(
  documents: readonly TSearchDocument[],
  query: string,
  /** The documents that can match (a PrefixIndex's candidates); all of them when omitted. */
  within: readonly TSearchDocument[] = documents,
): TSiteSearch {
  const found = searchDocuments(within, query, Number.POSITIVE_INFINITY);
  const terms = queryTerms(query);
  const cityTitles = documents.filter((d) => d.kind === 'city').map((d) => d.title);
  // A term in most city titles ("flat", "mls") says nothing about which city is meant.
  const naming = terms
    .map(hasTerm)
    .filter((re) => cityTitles.filter((t) => re.test(t)).length * 2 < cityTitles.length);
  const names = (title: string) => naming.some((re) => re.test(title));
  const grouped = found.filter((r) => r.kind === 'city' && !names(r.title));
  if (grouped.length < 2) return { results: found, total: found.length };

  const service = found.find(
    (r) => r.kind === 'service' && terms.some((term) => hasTerm(term).test(r.title)),
  );
  const label = (service && documents.find((d) => d.url === service.url)?.label) ?? 'Flat Fee MLS';
  const prefix = commonPrefix(cityTitles);
  const examples = [...grouped]
    .sort((a, b) => a.title.localeCompare(b.title))
    .slice(0, CITY_EXAMPLES)
    .map((r) => r.title.slice(prefix.length));
  const more = grouped.length - examples.length;
  const group: SearchResult = {
    url: CITY_INDEX_URL,
    title: `${label} in ${grouped.length} cities`,
    kind: 'cities',
    snippet: [
      { text: `${examples.join(' · ')}${more > 0 ? ` and ${more} more` : ''}`, match: false },
    ],
    score: Math.max(...grouped.map((r) => r.score)),
    tier: 2,
  };
  const inGroup = new Set(grouped);
  const results = [...found.filter((r) => !inGroup.has(r)), group].sort(byRank);
  return { results, total: results.length };
}

/** What the results page shows for a query: at most SEARCH_MAX_RESULTS results, and the count. */
export interface TSiteSearch {
  results: SearchResult[];
  total: number;
}

/** The longest start every title shares ("Flat Fee MLS in "), cut back to a word boundary. */
function commonPrefix(titles: string[]): string {
  if (titles.length < 2) return '';
  let prefix = titles[0] ?? '';
  for (const t of titles) {
    while (!t.startsWith(prefix)) prefix = prefix.slice(0, -1);
  }
  const space = prefix.lastIndexOf(' ');
  return space >= 0 ? prefix.slice(0, space + 1) : '';
}
