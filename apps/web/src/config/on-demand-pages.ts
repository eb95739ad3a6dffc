import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The public pages that show data from the server and so render on demand (or are about to),
 * but are still pages a visitor searches for and a crawler should find. Not being prerendered,
 * no file of the build names them, so both lists made after the build take them from here: the
 * sitemap (@astrojs/sitemap `customPages`, astro.config.ts) and the search index, which renders
 * those that are not prerendered through the built server (integrations/search-index.ts).
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
  ];
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
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(markdown)?.[1] ?? '';
  return /^custom:\s*true\s*$/m.test(frontMatter);
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}
