import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { renderBuiltPages } from './render-built-pages.ts';

export interface IndexedPage {
  url: string;
  title: string;
  description: string;
  text: string;
  kind: 'service' | 'help' | 'page' | 'post' | 'city' | 'mls';
  /** A service page's name in the menus ("Lockbox Rental"). */
  label?: string;
}

/** Which pages are services (with their menu names) and which are help, from the menus. */
export interface PageSections {
  services: ReadonlyMap<string, string>;
  help: ReadonlySet<string>;
}
const NO_SECTIONS: PageSections = { services: new Map(), help: new Set() };

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, code: string) => {
    if (code[0] === '#') {
      const n =
        code[1]?.toLowerCase() === 'x' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
      return Number.isFinite(n) ? String.fromCodePoint(n) : m;
    }
    return ENTITIES[code.toLowerCase()] ?? m;
  });
}

/** Elements that never have content or a closing tag. */
const VOID = new Set([
  'area',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/** The end of the element whose opening tag ends at `from`: past its matching closing tag. */
function elementEnd(html: string, tag: string, from: number): number {
  const tags = new RegExp(`<(/?)${tag}\\b[^>]*>`, 'gi');
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    if (m[1]) depth--;
    else if (!m[0].endsWith('/>')) depth++;
    if (!depth) return tags.lastIndex;
  }
  return html.length;
}

/**
 * The markup without the elements marked `data-live`, content and all. A page marks so what it
 * shows from the database at run time (a price, a listing count, the listings): the index is
 * made once per build, so such values would be stale in it, and are never indexed.
 */
export function withoutLive(html: string): string {
  const opening = /<([a-z][a-z0-9-]*)(\s[^>]*)?>/gi;
  let out = '';
  let kept = 0;
  for (let m = opening.exec(html); m; m = opening.exec(html)) {
    if (!/\sdata-live(?=[\s=/>]|$)/i.test(m[2] ?? '')) continue;
    const tag = (m[1] ?? '').toLowerCase();
    const end =
      VOID.has(tag) || m[0].endsWith('/>')
        ? opening.lastIndex
        : elementEnd(html, tag, opening.lastIndex);
    out += `${html.slice(kept, m.index)} `;
    kept = end;
    opening.lastIndex = end;
  }
  return out + html.slice(kept);
}

/**
 * The text a person reads in <main> that stays true until the next build: no markup, scripts,
 * styles, visually hidden helpers, nor elements marked `data-live` (`withoutLive`).
 */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/i.exec(html)?.[1] ?? '';
  return decodeEntities(
    withoutLive(
      main
        .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
        .replace(/<!--[\s\S]*?-->/g, ' '),
    ).replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

function kindOf(url: string, sections: PageSections): IndexedPage['kind'] {
  if (sections.services.has(url)) return 'service';
  if (sections.help.has(url)) return 'help';
  if (url.startsWith('/flat-fee-mls/')) return 'city';
  if (url.startsWith('/mls/')) return 'mls';
  if (/^\/blog\/(?!tag\/|\d+$)/.test(url)) return 'post';
  return 'page';
}

/** One built page → its index entry, or null for pages kept out of search (noindex). */
export function indexPage(
  url: string,
  html: string,
  siteName: string,
  sections: PageSections = NO_SECTIONS,
): IndexedPage | null {
  if (/<meta name="robots" content="noindex"/i.test(html)) return null;
  const title = decodeEntities(/<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '')
    .replace(new RegExp(`\\s*\\|\\s*${siteName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`), '')
    .trim();
  const description = decodeEntities(
    /<meta name="description" content="([^"]*)"/i.exec(html)?.[1] ?? '',
  );
  const kind = kindOf(url, sections);
  const label = sections.services.get(url);
  return { url, title, description, text: mainText(html), kind, ...(label ? { label } : {}) };
}

export function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '_astro' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** `blog/what-is-the-mls.html` → `/blog/what-is-the-mls`; `index.html` → `/`. */
export function urlOf(file: string): string {
  const path = `/${file.split(sep).join('/')}`.replace(/\.html$/, '').replace(/\/index$/, '');
  return path || '/';
}

const EXCLUDED = new Set(['/search', '/404', '/403']);
const indexable = (url: string) => !EXCLUDED.has(url) && !url.startsWith('/account/');

/** The pages that render on demand and still belong in search (src/config/on-demand-pages.ts). */
export interface OnDemandIndexing<Locals> {
  paths: readonly string[];
  /** Routes deliberately in neither list (no warning for them). */
  leftOut?: RegExp;
  /** What those pages read when the build renders them (build-site-data.ts). */
  locals: Locals;
}

/**
 * Writes dist/search-index.json after the build: every public page's title, description and main
 * text, which the server's /search reads (docs/decisions/007-public-site.md). Prerendered pages
 * are read from their files; the on-demand pages listed in `onDemand` that have no file are
 * rendered through the built server entry (render-built-pages.ts).
 */
export function searchIndex<Locals>({
  siteName,
  sections = NO_SECTIONS,
  onDemand,
}: {
  siteName: string;
  /** Service and help pages rank first in search (issue 14, item 8). */
  sections?: PageSections;
  onDemand?: OnDemandIndexing<Locals>;
}): AstroIntegration {
  let serverEntry = '';
  let origin = new URL('http://localhost');
  let unlisted: string[] = [];
  return {
    name: 'lantern-search-index',
    hooks: {
      // An on-demand page none of whose paths is listed is in neither the sitemap nor the index.
      'astro:routes:resolved': ({ routes }) => {
        unlisted = routes
          .filter((r) => !r.isPrerendered && r.type === 'page' && r.origin === 'project')
          .filter((r) => !EXCLUDED.has(r.pattern) && !onDemand?.leftOut?.test(r.pattern))
          .filter((r) => !onDemand?.paths.some((path) => r.patternRegex.test(path)))
          .map((r) => r.pattern);
      },
      'astro:config:done': ({ config }) => {
        serverEntry = fileURLToPath(new URL(config.build.serverEntry, config.build.server));
        if (config.site) origin = new URL(config.site);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const pages = new Map(
          htmlFiles(root).map((file) => [urlOf(relative(root, file)), file] as const),
        );
        const prerendered = [...pages]
          .filter(([url]) => indexable(url))
          .map(([url, file]) => ({ url, html: readFileSync(file, 'utf8') }));
        const rendered = await renderBuiltPages({
          entry: serverEntry,
          paths: (onDemand?.paths ?? []).filter((url) => indexable(url) && !pages.has(url)),
          locals: onDemand?.locals,
          origin,
        });
        const entries = [...prerendered, ...[...rendered].map(([url, html]) => ({ url, html }))]
          .map(({ url, html }) => indexPage(url, html, siteName, sections))
          .filter((e): e is IndexedPage => e !== null)
          .sort((a, b) => a.url.localeCompare(b.url));
        writeFileSync(join(root, 'search-index.json'), JSON.stringify(entries));
        for (const pattern of unlisted)
          logger.warn(
            `${pattern} renders on demand and is in neither the sitemap nor the search index; list its paths in src/config/on-demand-pages.ts if it belongs there`,
          );
        logger.info(
          `search-index.json: ${entries.length} pages, ${rendered.size} of them rendered on demand`,
        );
      },
    },
  };
}
