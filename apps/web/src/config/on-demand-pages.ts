import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { POSTS_PER_PAGE } from '../lib/blog-paging.ts';

/**
 * Every page a visitor searches for and a crawler should find. Each renders on demand: it shows
 * data from the server, or at least names the site's address (its canonical URL), which is the
 * server's PUBLIC_URL, not the build's (docs/decisions/077-one-rendering-technology.md). Not being
 * prerendered, no file of the build names them, so what lists pages takes them from here: the
 * sitemap (src/pages/sitemap-0.xml.ts, through `virtual:lantern/indexed-paths`) and the search
 * index, which renders them through the built server (integrations/search-index.ts).
 * A path here that no page answers fails the build.
 */
export function onDemandIndexedPaths({
  cities,
  boards,
}: {
  /** The cities of the city pages (integrations/us-cities.ts). */
  cities: readonly { slug: string }[];
  /** The MLS boards the site ships with (staff may add more; those are found by visitors). */
  boards: readonly { slug: string }[];
}): string[] {
  return [
    '/',
    '/services',
    ...contentPagePaths(),
    '/flat-fee-mls',
    ...cities.map((city) => `/flat-fee-mls/${city.slug}`),
    '/mls',
    ...boards.map((board) => `/mls/${board.slug}`),
    '/current-listings',
    '/past-sales',
    '/past-listings',
    // In the sitemap; the search index leaves its own results page out.
    '/search',
    ...blogPaths(),
    ...COMPANY_PAGES,
  ];
}

/**
 * Routes left out of the sitemap and the search index on purpose: error pages, the pages a link
 * leads to (newsletter confirmations, showing requests, transaction access, a mail's
 * unsubscribe), the account and password pages (nothing there for a searcher), the FSBO review
 * step's preview, the listing pages (the server's own sitemap lists those), and files that are
 * not pages. A route in neither list gets a warning from the build.
 */
export const LEFT_OUT =
  /^\/(404|403|listing-preview|listings\/|showings\/|transaction-access|unsubscribe\/|newsletter\/|account\/|password\/|agreements\/|robots\.txt|sitemap)/;

/** Pages with no data of their own that still name the site's address. */
const COMPANY_PAGES = [
  '/company/contact',
  '/developers/api-changelog',
  '/developers/api-errors',
  '/company/terms-of-use',
  '/newsletter',
  '/real-estate-meetups',
  '/real-estate-meetups/all',
];

const BLOG_POSTS = fileURLToPath(new URL('../content/blog', import.meta.url));

/**
 * The blog's pages (src/pages/blog/): its list pages (/blog, /blog/2, …), each post, each tag.
 * A post's id is its file name without `.md` (the collection's glob loader, src/content.config.ts).
 */
export function blogPaths(dir = BLOG_POSTS): string[] {
  const posts = markdownFiles(dir).map((file) => ({
    slug: file.slice(dir.length + 1).replace(/\.md$/, ''),
    tags: (frontMatter(readFileSync(file, 'utf8')).tags ?? []) as string[],
  }));
  const listPages = Math.max(1, Math.ceil(posts.length / POSTS_PER_PAGE));
  const tags = [...new Set(posts.flatMap((post) => post.tags))];
  return [
    '/blog',
    ...Array.from({ length: listPages - 1 }, (_, i) => `/blog/${i + 2}`),
    ...posts.map((post) => `/blog/${post.slug}`),
    ...tags.map((tag) => `/blog/tag/${tag}`),
  ].sort();
}

const CONTENT_PAGES = fileURLToPath(new URL('../content/pages', import.meta.url));

/**
 * The pages of src/pages/[...slug].astro: every entry of the pages collection that is not
 * `custom` (src/content.config.ts). The entry id is the file's path without `.md`, which the
 * collection's glob loader keeps as it is for names already in slug form (kebab-case).
 */
export function contentPagePaths(dir = CONTENT_PAGES): string[] {
  return markdownFiles(dir)
    .filter((file) => !isCustom(readFileSync(file, 'utf8')))
    .map((file) => `/${relative(dir, file).split(sep).join('/').replace(/\.md$/, '')}`)
    .sort();
}

/** Whether a page's front matter says it has its own route file (`custom: true`). */
export function isCustom(markdown: string): boolean {
  return frontMatter(markdown).custom === true;
}

function frontMatter(markdown: string): Record<string, unknown> {
  const yaml = /^---\r?\n([\s\S]*?)\r?\n---/.exec(markdown)?.[1];
  return yaml ? ((parse(yaml) ?? {}) as Record<string, unknown>) : {};
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}
