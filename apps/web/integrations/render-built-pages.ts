import { loadPageRenderer, pageRequest, pageText } from '@lantern/domain/site-render';

/**
 * Node's own `import()`. Astro runs the config and its integrations through Vite's module runner,
 * which rewrites `import()` and is closed by the time the build is done; the built server entry
 * is plain JavaScript that Node loads as the server does.
 */
const nativeImport = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;

/** Pages rendered at once: enough to keep the build busy, few enough to keep memory flat. */
const IN_FLIGHT = 8;

/**
 * The HTML of pages that render on demand, rendered after the build through its server entry
 * (dist/server/entry.mjs, the adapter's handler, as the server does) with `locals` standing in
 * for the server's. Every path must answer 200 with HTML (unless `anyAnswer`: then any status
 * under 500 does): a registry naming a page that no longer exists fails the build rather than
 * silently dropping the page from search.
 */
export async function renderBuiltPages<Locals>({
  entry,
  paths,
  locals,
  origin,
  anyAnswer = false,
  purpose = 'the search index',
}: {
  entry: string;
  paths: readonly string[];
  locals: Locals;
  /** The site's address, as the pages' Host. */
  origin: URL;
  anyAnswer?: boolean;
  /** What the pages are rendered for, in an error. */
  purpose?: string;
}): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  if (!paths.length) return pages;
  const render = await loadPageRenderer<Locals>(entry, nativeImport);
  if (!render) throw new Error(`${entry} is missing: cannot render ${paths[0]} for ${purpose}`);
  for (let i = 0; i < paths.length; i += IN_FLIGHT) {
    await Promise.all(
      paths.slice(i, i + IN_FLIGHT).map(async (path) => {
        const page = await render(pageRequest(path, origin), locals);
        const status = page?.status ?? 0;
        if (!page || (anyAnswer ? status >= 500 : status !== 200))
          throw new Error(
            `${path} answered ${page ? status : 'no page'} when rendered for ${purpose}`,
          );
        pages.set(path, pageText(page));
      }),
    );
  }
  return pages;
}
