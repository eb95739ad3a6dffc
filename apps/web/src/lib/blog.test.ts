import { describe, expect, it, vi } from 'vitest';

vi.mock('astro:content', () => ({ getCollection: async () => [] }));
const { listPage, POSTS_PER_PAGE, readingMinutes, tagLabel } = await import('./blog.ts');

describe('blog helpers', () => {
  it('estimates reading time at 200 words a minute, at least one', () => {
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes(`## Heading\n\n${'word '.repeat(390)}`)).toBe(2);
  });

  it('labels tags', () => {
    expect(tagLabel('fair-housing')).toBe('Fair housing');
    expect(tagLabel('mls')).toBe('MLS');
    expect(tagLabel('flat-fee')).toBe('Flat fee');
  });

  it('pages the posts: /blog first, then /blog/2, …, and nothing past the last', () => {
    const posts = Array.from({ length: POSTS_PER_PAGE * 2 + 1 }, (_, i) => ({ id: `p${i}` }));
    const page = (n: number) => listPage(posts as never, n);
    expect(page(1)).toMatchObject({ number: 1, last: 3, prev: undefined, next: '/blog/2' });
    expect(page(2)).toMatchObject({ prev: '/blog', next: '/blog/3' });
    expect(page(3)?.posts).toEqual([{ id: `p${POSTS_PER_PAGE * 2}` }]);
    expect(page(3)?.next).toBeUndefined();
    for (const n of [0, 4, 1.5, Number.NaN]) expect(page(n)).toBeNull();
    // An empty blog still has its first page.
    expect(listPage([], 1)).toMatchObject({ number: 1, last: 1, posts: [] });
  });
});
