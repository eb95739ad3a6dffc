import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The site's pages compressed as @fastify/compress would compress a route's answer. They are sent
 * by the not-found handler (every path the API has no route for), and Fastify runs no route's
 * hooks there: without this, every page went out as plain text, five to seven times its size.
 */
type Encoding = 'br' | 'gzip';

/** Under this, compressing costs more than it saves (@fastify/compress's threshold here). */
const THRESHOLD = 1024;
/** Text, JSON and XML: what compresses. A PDF or an image is compressed already. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;
const negotiator = new Negotiator({ supportedValues: ['br', 'gzip'] });
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// Quality 4, as @fastify/compress and Cloudflare use by default: 11 costs far more for little.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** Each body's compressed forms: a kept page is sent many times and compressed once per form. */
const compressed = new WeakMap<Buffer, Map<Encoding, Promise<Buffer>>>();

function encode(body: Buffer, encoding: Encoding): Promise<Buffer> {
  let forms = compressed.get(body);
  if (!forms) {
    forms = new Map();
    compressed.set(body, forms);
  }
  let form = forms.get(encoding);
  if (!form) {
    form = encoding === 'br' ? brotli(body, BROTLI) : gzipped(body);
    forms.set(encoding, form);
  }
  return form;
}

/** Sends `body` in the best encoding the client accepts, with `Vary: Accept-Encoding`. */
export async function sendEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Buffer,
): Promise<void> {
  const type = String(reply.getHeader('content-type') ?? '');
  if (!COMPRESSIBLE.test(type)) {
    await reply.send(body);
    return;
  }
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding =
    body.length >= THRESHOLD && accepted
      ? (negotiator.negotiate(accepted) as Encoding | null)
      : null;
  if (!encoding) {
    await reply.send(body);
    return;
  }
  reply.header('content-encoding', encoding).removeHeader('content-length');
  await reply.send(await encode(body, encoding));
}
