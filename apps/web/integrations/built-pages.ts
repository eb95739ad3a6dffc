import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type SiteData, type SiteLocals, ZMlsBoardListSchema } from '@lantern/contracts';
import { MLS_BOARDS } from '@lantern/db/mls-boards';

/** The Astro Node adapter's handler in middleware mode (astro.config.ts). */
type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  locals: SiteLocals,
) => Promise<void>;

export interface BuiltPage {
  url: string;
  html: string;
}

/**
 * Pages that render on demand, rendered once by the finished build as the server would render
 * them, for what needs their HTML when the site is built (the search index). Every path must
 * answer 200: a page that fails here would fail for visitors too.
 */
export async function renderBuiltPages(
  serverEntry: URL,
  paths: readonly string[],
  locals: SiteLocals,
): Promise<BuiltPage[]> {
  // Loaded by Node itself: an import() here would go through Vite's module runner, closed by now.
  const require = createRequire(import.meta.url);
  const { handler } = require(fileURLToPath(serverEntry)) as { handler: AstroHandler };
  const server = createServer((req, res) => {
    const notFound = () => res.writeHead(404).end();
    handler(req, res, notFound, locals).catch((err: Error) => res.writeHead(500).end(err.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const pages: BuiltPage[] = [];
    for (const url of paths) {
      const res = await fetch(`${origin}${url}`);
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status} when built: ${html}`);
      pages.push({ url, html });
    }
    return pages;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/**
 * `Astro.locals.site` for those build-time renders: the MLS directory the site ships with
 * (packages/db), which the database starts from. Staff edits reach the pages themselves at once;
 * the search index made from these keeps the shipped text until the next build.
 */
export function packagedSiteLocals(): SiteLocals {
  const boards = ZMlsBoardListSchema.parse(MLS_BOARDS);
  const read: Pick<SiteData, 'mlsBoards' | 'mlsBoard'> = {
    mlsBoards: async () => boards,
    mlsBoard: async (slug) => boards.find((b) => b.slug === slug) ?? null,
  };
  // Only the MLS and city pages are rendered at build time; nothing else is there to read.
  const site = new Proxy(read, {
    get(target, key) {
      if (key in target) return target[key as keyof typeof target];
      throw new Error(`Astro.locals.site.${String(key)} is not available when the site is built`);
    },
  });
  return { site: site as SiteData };
}
