import { existsSync } from 'node:fs';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';

/**
 * Rendering the public site's on-demand pages outside an HTTP server's own response: the server
 * (apps/api, features/public-site/site-renderer.ts) sends the page through Fastify, and the web
 * build (apps/web/integrations/search-index.ts) reads the text of pages it indexes. Server and
 * build side only (node:http).
 */

/** The Astro Node adapter's handler in middleware mode (apps/web/astro.config.ts). */
export type AstroHandler<Locals> = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  locals: Locals,
) => Promise<void>;

export interface RenderedPage {
  status: number;
  headers: Record<string, string | string[]>;
  /** Bytes, not text: an endpoint may answer a PDF. `pageText` reads an HTML page. */
  body: Buffer;
}

/** A rendered page's body as text (HTML, XML, plain text are UTF-8 here). */
export const pageText = (page: RenderedPage): string => page.body.toString('utf8');

export type PageRenderer<Locals> = (
  raw: IncomingMessage,
  locals: Locals,
) => Promise<RenderedPage | null>;

/** How the server entry is loaded: a plain `import()` unless the caller runs inside a bundler. */
export type ModuleImporter = (url: string) => Promise<unknown>;

/**
 * The build's server entry (dist/server/entry.mjs), loaded into this process. Null when the file
 * is absent (no build, or a build without any on-demand page).
 */
export async function loadPageRenderer<Locals>(
  entry: string,
  load: ModuleImporter = (url) => import(url),
): Promise<PageRenderer<Locals> | null> {
  if (!existsSync(entry)) return null;
  const module = (await load(pathToFileURL(entry).href)) as { handler: AstroHandler<Locals> };
  return (raw, locals) => renderPage(module.handler, raw, locals);
}

/**
 * One page, whole: Astro writes into a sink instead of a socket, so the caller decides where
 * the answer goes. Null when no page of the site matches the path.
 */
export function renderPage<Locals>(
  handler: AstroHandler<Locals>,
  raw: IncomingMessage,
  locals: Locals,
): Promise<RenderedPage | null> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    let head: Omit<RenderedPage, 'body'> | undefined;
    // The adapter calls writeHead, write and end on what it takes for a ServerResponse. Through
    // `req` it finds, and on 'finish' removes, the 'close' listener it put on the socket: without
    // it every page on a kept-alive connection would leave one more.
    Object.assign(sink, {
      req: raw,
      // Node's signature: (status[, statusMessage][, headers]); an answer may come with none.
      writeHead(status: number, ...rest: Array<string | RenderedPage['headers'] | undefined>) {
        const headers = rest.find((arg) => typeof arg === 'object');
        head = { status, headers: headers ?? {} };
        return sink;
      },
    });
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(head ? { ...head, body: Buffer.concat(chunks) } : null));
    sink.on('error', reject);
    handler(raw, sink as unknown as ServerResponse, () => resolve(null), locals).catch(reject);
  });
}

/** A GET of `path` on `origin` as if a browser asked, for rendering without a server. */
export function pageRequest(path: string, origin: URL): IncomingMessage {
  const request = new IncomingMessage(new Socket());
  request.method = 'GET';
  request.url = path;
  request.headers = { host: origin.host, accept: 'text/html' };
  request.push(null);
  return request;
}
