import type { TSearchDocument } from './search.ts';

/** Words as `queryTerms` reads them: runs of letters and digits, lower-cased. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * An inverted index of the site search's documents by word (issue 46): which documents have a
 * word starting with a term is a binary search in the sorted vocabulary, not a pass of every
 * document's text. It only narrows: `searchSite` still scores the documents it answers, so the
 * ranking is the same as over the whole index.
 */
export function createPrefixIndex(documents: readonly TSearchDocument[]) {
  const postings = new Map<string, Set<number>>();
  documents.forEach((doc, i) => {
    for (const field of [doc.title, doc.description, doc.text]) {
      for (const word of field.toLowerCase().match(WORD) ?? []) {
        const docs = postings.get(word);
        if (docs) docs.add(i);
        else postings.set(word, new Set([i]));
      }
    }
  });
  const vocabulary = [...postings.keys()].sort();

  /** The documents with a word starting with `term`. */
  function withPrefix(term: string): Set<number> {
    let lo = 0;
    let hi = vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((vocabulary[mid] as string) < term) lo = mid + 1;
      else hi = mid;
    }
    const found = new Set<number>();
    for (let i = lo; i < vocabulary.length && vocabulary[i]?.startsWith(term); i++) {
      for (const doc of postings.get(vocabulary[i] as string) ?? []) found.add(doc);
    }
    return found;
  }

  return {
    /** The documents having every term as a word prefix, in index order. */
    candidates(terms: readonly string[]): TSearchDocument[] {
      let kept: Set<number> | null = null;
      for (const term of terms) {
        const docs = withPrefix(term);
        kept = kept ? new Set([...kept].filter((d: number) => docs.has(d))) : docs;
        if (!kept.size) return [];
      }
      return [...(kept ?? [])].sort((a, b) => a - b).map((i) => documents[i] as TSearchDocument);
    },
  };
}
export type PrefixIndex = ReturnType<typeof createPrefixIndex>;
