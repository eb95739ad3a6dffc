import { getCollection, getEntry } from 'astro:content';

/** `features/showing-management` → `/features/showing-management`. */
export const pagePath = (id: string) => `/${id}`;

/** Pages outside the pages collection that `related` may name. */
const OTHER_PAGES: Record<string, string> = { '/company/terms-of-use': 'Terms of use' };

/** Titles and paths for an entry's `related` list; unknown paths fail the build. */
export async function relatedLinks(
  paths: string[],
): Promise<Array<{ href: string; label: string }>> {
  return Promise.all(
    paths.map(async (path) => {
      const other = OTHER_PAGES[path];
      if (other) return { href: path, label: other };
      const entry = await getEntry('pages', path.replace(/^\//, ''));
      if (!entry) throw new Error(`Related page ${path} is not in the pages collection.`);
      return { href: path, label: entry.data.heading };
    }),
  );
}

/** Every pages-collection entry rendered by the catch-all route. */
export async function standardPages() {
  return (await getCollection('pages')).filter((entry) => !entry.data.custom);
}

/** A required entry (custom routes read their copy from the collection). */
export async function pageEntry(id: string) {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`Missing content entry src/content/pages/${id}.md`);
  return entry;
}
