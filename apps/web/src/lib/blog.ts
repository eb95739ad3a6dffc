import { type CollectionEntry, getCollection } from 'astro:content';

import { POSTS_PER_PAGE } from './blog-paging.ts';

export { POSTS_PER_PAGE };

const WORDS_PER_MINUTE = 200;

/** Minutes to read a Markdown body, at least one. */
export function readingMinutes(markdown: string): number {
  const words = markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/[#>*_`[\]()!-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** `fair-housing` → `Fair housing`. */
export const tagLabel = (tag: string) => {
  const words = tag.split('-').join(' ');
  return words === 'mls'
    ? 'MLS'
    : words.replace(/\bmls\b/, 'MLS').replace(/^./, (c) => c.toUpperCase());
};

export const formatDate = (d: Date) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(d);

/** Newest first. */
export async function sortedPosts(): Promise<CollectionEntry<'blog'>[]> {
  return (await getCollection('blog')).sort(
    (a, b) => b.data.date.getTime() - a.data.date.getTime(),
  );
}

export function allTags(posts: CollectionEntry<'blog'>[]): string[] {
  return [...new Set(posts.flatMap((p) => p.data.tags))].sort();
}

/** One of the blog's list pages: its posts and the addresses of its neighbours. */
export interface ListPage {
  number: number;
  last: number;
  posts: CollectionEntry<'blog'>[];
  prev: string | undefined;
  next: string | undefined;
}

const listPath = (n: number) => (n === 1 ? '/blog' : `/blog/${n}`);

/** List page `number` (from 1) of `posts`; null past the last (the blog has at least one). */
export function listPage(posts: CollectionEntry<'blog'>[], number: number): ListPage | null {
  const last = Math.max(1, Math.ceil(posts.length / POSTS_PER_PAGE));
  if (!Number.isSafeInteger(number) || number < 1 || number > last) return null;
  return {
    number,
    last,
    posts: posts.slice((number - 1) * POSTS_PER_PAGE, number * POSTS_PER_PAGE),
    prev: number > 1 ? listPath(number - 1) : undefined,
    next: number < last ? listPath(number + 1) : undefined,
  };
}
