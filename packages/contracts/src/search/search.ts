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

/** One page or post in the search index (built with the site: dist/search-index.json). */
export const ZSearchDocumentSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  /** The page's main text, tags and markup removed. */
  text: z.string(),
  kind: z.enum(['page', 'post', 'city', 'mls']),
});
export type TSearchDocument = z.infer<typeof ZSearchDocumentSchema>;
export const ZSearchIndexSchema = z.array(ZSearchDocumentSchema);

/** A run of text, `match` when it should be highlighted. Renderers escape `text`. */
export interface TextSegment {
  text: string;
  match: boolean;
}

export interface SearchResult {
  url: string;
  title: string;
  kind: TSearchDocument['kind'];
  snippet: TextSegment[];
  score: number;
}

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

function countMatches(text: string, term: string): number {
  const re = termPattern([term]);
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
 * Every document containing all the query's words (as word prefixes), best first: title matches
 * weigh most, then the description, then the body.
 */
export function searchDocuments(
  documents: readonly TSearchDocument[],
  query: string,
  limit = 50,
): SearchResult[] {
  const terms = queryTerms(query);
  if (!terms.length) return [];
  const results: SearchResult[] = [];
  for (const doc of documents) {
    let score = 0;
    let all = true;
    for (const term of terms) {
      const inTitle = countMatches(doc.title, term);
      const inDescription = countMatches(doc.description, term);
      const inText = countMatches(doc.text, term);
      if (!inTitle && !inDescription && !inText) {
        all = false;
        break;
      }
      score += inTitle * 10 + inDescription * 4 + Math.min(inText, 10);
    }
    if (!all) continue;
    // Hand-written pages before the hundreds of generated city pages when scores tie.
    if (doc.kind === 'page' || doc.kind === 'post') score += 1;
    const source = termPattern(terms).test(doc.text) ? doc.text : doc.description;
    results.push({
      url: doc.url,
      title: doc.title,
      kind: doc.kind,
      snippet: highlight(snippetAround(source, terms), terms),
      score,
    });
  }
  return results
    .sort((a, b) => b.score - a.score || a.title.localeCompare(b.title))
    .slice(0, limit);
}
