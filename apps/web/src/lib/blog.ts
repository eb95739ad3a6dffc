import { type CollectionEntry, getCollection } from 'astro:content';

export const POSTS_PER_PAGE = 4;
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
