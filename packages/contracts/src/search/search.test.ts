import { describe, expect, it } from 'vitest';
import {
  highlight,
  queryTerms,
  searchDocuments,
  snippetAround,
  type TSearchDocument,
} from './search.ts';

const docs: TSearchDocument[] = [
  {
    url: '/lockbox-rental',
    title: 'Lockbox Rental',
    description: 'Rent a lockbox.',
    text: 'Agents open lockboxes with a code. Showings without you.',
    kind: 'page',
  },
  {
    url: '/photography',
    title: 'Photography',
    description: 'Photos for your listing.',
    text: 'A photographer visits. Lockbox access helps.',
    kind: 'page',
  },
  {
    url: '/flat-fee-mls/austin-tx',
    title: 'Flat Fee MLS in Austin, TX',
    description: 'List in Austin.',
    text: 'Austin sellers list for $149.',
    kind: 'city',
  },
];

describe('queryTerms', () => {
  it('lower-cases, splits on anything not a letter or digit and drops repeats', () => {
    expect(queryTerms('  Lockbox <script>alert(1)</script> LOCKBOX ')).toEqual([
      'lockbox',
      'script',
      'alert',
      '1',
    ]);
    expect(queryTerms('%%%')).toEqual([]);
  });

  it('caps the number and length of terms', () => {
    expect(queryTerms('a b c d e f g h i j k')).toHaveLength(8);
    expect(queryTerms('x'.repeat(1000))[0]).toHaveLength(40);
  });
});

describe('searchDocuments', () => {
  it('finds word prefixes, title matches first', () => {
    const results = searchDocuments(docs, 'lockbox');
    expect(results.map((r) => r.url)).toEqual(['/lockbox-rental', '/photography']);
  });

  it('needs every word', () => {
    expect(searchDocuments(docs, 'lockbox photographer').map((r) => r.url)).toEqual([
      '/photography',
    ]);
    expect(searchDocuments(docs, 'lockbox zebra')).toEqual([]);
  });

  it('answers nothing for an empty or symbol-only query and copes with a long one', () => {
    expect(searchDocuments(docs, '')).toEqual([]);
    expect(searchDocuments(docs, '"><')).toEqual([]);
    expect(searchDocuments(docs, 'austin '.repeat(150))).toHaveLength(1);
  });

  it('treats regular-expression characters as text', () => {
    expect(() => searchDocuments(docs, '(.*)+[')).not.toThrow();
    expect(searchDocuments(docs, '$149').map((r) => r.url)).toEqual(['/flat-fee-mls/austin-tx']);
  });

  it('highlights the matched words in the snippet', () => {
    const [first] = searchDocuments(docs, 'lockbox');
    expect(first?.snippet.filter((s) => s.match).map((s) => s.text)).toEqual(['lockboxes']);
  });
});

describe('snippetAround and highlight', () => {
  it('cuts long text around the first match', () => {
    const text = `${'word '.repeat(100)}needle ${'tail '.repeat(100)}`;
    const s = snippetAround(text, ['needle'], 60);
    expect(s).toContain('needle');
    expect(s.startsWith('… ')).toBe(true);
    expect(s.length).toBeLessThan(80);
  });

  it('keeps the whole text in order', () => {
    const parts = highlight('Lockbox and LOCKBOXES here', ['lockbox']);
    expect(parts.map((p) => p.text).join('')).toBe('Lockbox and LOCKBOXES here');
    expect(parts.filter((p) => p.match)).toHaveLength(2);
  });
});
