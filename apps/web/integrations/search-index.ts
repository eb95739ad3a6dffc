import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteLocals } from '@lantern/contracts';
import type { AstroIntegration } from 'astro';
import { renderBuiltPages } from './built-pages.ts';

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

/** The text a person reads in <main>: no markup, scripts, styles or visually hidden helpers. */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/i.exec(html)?.[1] ?? '';
  return decodeEntities(
    main
      .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<!--[\s\S]*?-->/g, ' ')
      .replace(/<[^>]+>/g, ' '),
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

/**
 * Writes dist/search-index.json after the build: every public page's title, description and main
 * text, which the API's GET /search reads (docs/decisions/007-public-site.md). Pages rendered on
 * demand have no file: those named in `onDemand` are rendered by the build's server entry.
 */
export function searchIndex({
  siteName,
  sections = NO_SECTIONS,
  onDemand,
}: {
  siteName: string;
  /** Service and help pages rank first in search (issue 14, item 8). */
  sections?: PageSections;
  /** On-demand pages to index, and what they read while the site is built. */
  onDemand?: { paths: readonly string[]; locals: () => SiteLocals };
}): AstroIntegration {
  let serverEntry: URL | undefined;
  return {
    name: 'lantern-search-index',
    hooks: {
      'astro:config:done': ({ config }) => {
        serverEntry = new URL(config.build.serverEntry, config.build.server);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const files = htmlFiles(root).map((file) => ({
          url: urlOf(relative(root, file)),
          html: () => readFileSync(file, 'utf8'),
        }));
        const rendered =
          onDemand && serverEntry
            ? await renderBuiltPages(serverEntry, onDemand.paths, onDemand.locals())
            : [];
        const entries = [...files, ...rendered.map((p) => ({ url: p.url, html: () => p.html }))]
          .filter(({ url }) => !EXCLUDED.has(url) && !url.startsWith('/account/'))
          .map(({ url, html }) => indexPage(url, html(), siteName, sections))
          .filter((e): e is IndexedPage => e !== null)
          .sort((a, b) => a.url.localeCompare(b.url));
        writeFileSync(join(root, 'search-index.json'), JSON.stringify(entries));
        logger.info(
          `search-index.json: ${entries.length} pages (${rendered.length} rendered on demand)`,
        );
      },
    },
  };
}
