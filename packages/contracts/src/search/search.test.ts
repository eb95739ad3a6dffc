import { describe, expect, it } from 'vitest';
import {
  highlight,
  queryTerms,
  searchDocuments,
  searchSite,
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

/** A site like ours: a service, a help page, the home page and many generated city pages. */
function site(cities: number): TSearchDocument[] {
  const names = ['Austin, TX', 'Boston, MA', 'Chicago, IL', 'Denver, CO', 'El Paso, TX'];
  return [
    {
      url: '/',
      title: 'Flat Fee MLS Listing and Real Estate Services',
      description: 'List for $149.',
      text: 'Photos, signs and a lockbox, lockbox, lockbox when you want them.',
      kind: 'page',
    },
    {
      url: '/company/contact',
      title: 'Contact Us',
      description: 'Reach us.',
      text: 'Ask about a lockbox by phone.',
      kind: 'help',
    },
    {
      url: '/lockbox-rental',
      title: 'Lockbox Rental for Home Showings',
      description: 'Rent a lockbox.',
      text: 'Agents open the lockbox with a code.',
      kind: 'service',
      label: 'Lockbox Rental',
    },
    ...Array.from({ length: cities }, (_, i): TSearchDocument => {
      const name = names[i % names.length] ?? '';
      return {
        url: `/flat-fee-mls/city-${i}`,
        title: `Flat Fee MLS in ${i < names.length ? name : `${name} ${i}`}`,
        description: `List in ${name}.`,
        text: `Add a lockbox, lockbox, lockbox, lockbox, a yard sign or an agent in ${name}. Austin is near.`,
        kind: 'city',
      };
    }),
  ];
}

describe('searchSite', () => {
  it('ranks services and help first and folds the city pages into one result', () => {
    const { results, total } = searchSite(site(40), 'lockbox');
    expect(results.map((r) => r.title)).toEqual([
      'Lockbox Rental for Home Showings',
      'Contact Us',
      'Flat Fee MLS Listing and Real Estate Services',
      'Lockbox Rental in 40 cities',
    ]);
    expect(total).toBe(4);
    const group = results.at(-1);
    expect(group).toMatchObject({ url: '/flat-fee-mls', kind: 'cities' });
    expect(group?.snippet.map((s) => s.text).join('')).toBe(
      'Austin, TX · Austin, TX 10 · Austin, TX 15 and 37 more',
    );
  });

  it('keeps a city page of its own when the search names the city', () => {
    const { results } = searchSite(site(40), 'austin');
    const titles = results.map((r) => r.title);
    expect(titles.filter((t) => t.startsWith('Flat Fee MLS in Austin'))).toHaveLength(8);
    // The others only mention Austin as a neighbour: one result for all of them.
    expect(titles).toContain('Flat Fee MLS in 32 cities');
  });

  it('does not group a word every city title has, nor a single page', () => {
    expect(searchSite(site(40), 'flat fee mls').results.map((r) => r.title)).toContain(
      'Flat Fee MLS in 40 cities',
    );
    expect(searchSite(site(1), 'lockbox').results.map((r) => r.kind)).toContain('city');
    expect(searchSite(site(40), '')).toEqual({ results: [], total: 0 });
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
