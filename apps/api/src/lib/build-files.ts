import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import send from '@fastify/send';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A front end's build served as files: one GET/HEAD route per file, found at start (a new build
 * needs a restart for its pages anyway), so any other path goes on to the not-found handler.
 * The build wrote each compressible file's compressed forms beside it (scripts/precompress.mjs):
 * a request gets the best form its Accept-Encoding takes, sent as it is, and @fastify/compress
 * is off on these routes — it compressed the same bytes again on every request (decision 082).
 */

/** The forms the build writes, in the order they are preferred: smallest first. */
const FORMS = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'zstd', extension: '.zst' },
  { encoding: 'gzip', extension: '.gz' },
] as const;
type Form = (typeof FORMS)[number];

export interface BuildFilesOptions {
  /** The build's folder. */
  root: string;
  /** The URL prefix its files are served under, ending in a slash. */
  prefix: string;
  /** The Cache-Control of the file at this URL. */
  cacheControl(url: string): string;
}

/** Every file under `dir` as a path relative to it with forward slashes; dotfiles left out. */
function buildFiles(dir: string, base = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const path = `${base}${entry.name}`;
    if (entry.isDirectory()) return buildFiles(join(dir, entry.name), `${path}/`);
    return entry.isFile() ? [path] : [];
  });
}

/** The URLs a file answers at: its own, and its folder's for an index.html. */
function fileUrls(prefix: string, file: string): string[] {
  const own = `${prefix}${file}`.replaceAll(':', '::');
  if (file !== 'index.html' && !file.endsWith('/index.html')) return [own];
  const folder = own.slice(0, -'index.html'.length);
  return [own, folder.length > 1 ? folder.slice(0, -1) : folder];
}

function contentType(file: string): string {
  const type = send.mime.getType(file) ?? 'application/octet-stream';
  return send.isUtf8MimeType(type) ? `${type}; charset=utf-8` : type;
}

/** The form a request's Accept-Encoding takes among those the file has; undefined for the file itself. */
function formChooser(forms: Form[]): (accepted: string | undefined) => Form | undefined {
  if (forms.length === 0) return () => undefined;
  // identity last: a client that prefers it (a higher q) gets the file itself.
  const negotiator = new Negotiator({
    supportedValues: [...forms.map((f) => f.encoding), 'identity'],
  });
  return (accepted) => {
    if (!accepted) return undefined;
    // As @fastify/compress reads it: `*` is gzip, which every client that sends it can decode.
    const chosen = negotiator.negotiate(accepted.toLowerCase().replaceAll('*', 'gzip'));
    return forms.find((f) => f.encoding === chosen);
  };
}

export function serveBuildFiles(app: FastifyInstance, options: BuildFilesOptions): void {
  const files = buildFiles(options.root);
  const present = new Set(files);
  for (const file of files) {
    const form = FORMS.find((f) => file.endsWith(f.extension));
    // A form is not a file of the site: its original answers for it.
    if (form && present.has(file.slice(0, -form.extension.length))) continue;
    const forms = FORMS.filter((f) => present.has(`${file}${f.extension}`));
    const handler = fileHandler(options.root, file, {
      type: contentType(file),
      cacheControl: options.cacheControl(`${options.prefix}${file}`),
      choose: formChooser(forms),
      varies: forms.length > 0,
    });
    for (const url of fileUrls(options.prefix, file)) {
      app.route({
        method: ['GET', 'HEAD'],
        url,
        // The file's bytes are sent as they are: compressed already, or not worth compressing.
        compress: false,
        schema: { hide: true },
        handler,
      });
    }
  }
}

interface FileAnswer {
  type: string;
  cacheControl: string;
  choose: ReturnType<typeof formChooser>;
  /** Whether the file has forms, so its answer depends on Accept-Encoding. */
  varies: boolean;
}

function fileHandler(root: string, file: string, answer: FileAnswer) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const form = answer.choose(request.headers['accept-encoding']);
    const path = `/${(form ? `${file}${form.extension}` : file).split('/').map(encodeURIComponent).join('/')}`;
    // @fastify/send: ETag and Last-Modified of the form sent (each form its own), 304 and 412 on
    // the conditional headers, ranges, HEAD, and a stream of the file.
    const result = await send(request.raw, path, {
      root,
      index: false,
      dotfiles: 'allow',
      cacheControl: false,
      contentType: false,
    });
    // Removed since the start: as if it had never been there.
    if (result.type === 'error' && result.statusCode === 404) return reply.callNotFound();
    reply.code(result.statusCode).headers(result.headers);
    if (result.type === 'file') {
      reply.header('cache-control', answer.cacheControl);
      if (answer.varies) {
        const vary = reply.getHeader('vary');
        reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
      if (result.statusCode !== 304) {
        reply.header('content-type', answer.type);
        if (form) reply.header('content-encoding', form.encoding);
      }
    }
    return reply.send(result.stream);
  };
}
