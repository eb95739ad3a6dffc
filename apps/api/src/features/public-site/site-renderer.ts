import { existsSync } from 'node:fs';
import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { SiteLocals } from '@lantern/contracts';

/** The Astro Node adapter's handler in middleware mode (apps/web/astro.config.ts). */
type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: () => void,
  locals: SiteLocals,
) => Promise<void>;

export interface RenderedPage {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

/**
 * The public site's pages that render on demand (docs/decisions/077-one-rendering-technology.md):
 * the Astro build's server entry, loaded into this process. Absent (an API-only test, no build),
 * there is nothing to render and every such path is a 404.
 */
export async function loadSiteRenderer(entry: string) {
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  return (raw: IncomingMessage, locals: SiteLocals) => render(module.handler, raw, locals);
}

export type SiteRenderer = NonNullable<Awaited<ReturnType<typeof loadSiteRenderer>>>;

/**
 * One page, whole: Astro writes into a sink instead of the socket, so the answer then goes out
 * through Fastify like any other — compression, security headers, logging and tracing included.
 * Null when no page of the site matches the path.
 */
function render(
  handler: AstroHandler,
  raw: IncomingMessage,
  locals: SiteLocals,
): Promise<RenderedPage | null> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    let head: Omit<RenderedPage, 'body'> | undefined;
    // The adapter calls writeHead, write and end on what it takes for a ServerResponse.
    Object.assign(sink, {
      writeHead(status: number, headers: RenderedPage['headers']) {
        head = { status, headers };
        return sink;
      },
    });
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () =>
      resolve(head ? { ...head, body: Buffer.concat(chunks).toString('utf8') } : null),
    );
    sink.on('error', reject);
    handler(raw, sink as unknown as ServerResponse, () => resolve(null), locals).catch(reject);
  });
}

/**
 * A bodiless GET of one of our own pages, made in this process: an API route renders a page of
 * the site through it (the FSBO preview), with no visitor's request to hand to Astro.
 */
export function internalGet(path: string, publicUrl: URL): IncomingMessage {
  const request = new IncomingMessage(new Socket());
  request.method = 'GET';
  request.url = path;
  request.headers = { host: publicUrl.host, accept: 'text/html' };
  request.push(null);
  return request;
}
