import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  gzipSync,
  zstdCompressSync,
  zstdDecompressSync,
} from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveBuildFiles } from '../src/lib/build-files.ts';

/**
 * Issue 46, decision 082: a build's files sent in the compressed form the build wrote beside
 * each, chosen by Accept-Encoding, from a small build of the test's own.
 */
const SCRIPT = Buffer.from(
  Array.from({ length: 200 }, (_, i) => `export const value${i} = ${i} * 2;\n`).join(''),
);
const STYLE = Buffer.from(`${'.card { color: red; padding: 1rem }\n'.repeat(100)}`);
const DECODE: Record<string, (b: Buffer) => Buffer> = {
  br: brotliDecompressSync,
  zstd: zstdDecompressSync,
  gzip: gunzipSync,
};

function writeWithForms(path: string, data: Buffer, forms: string[]) {
  writeFileSync(path, data);
  if (forms.includes('br')) writeFileSync(`${path}.br`, brotliCompressSync(data));
  if (forms.includes('zstd')) writeFileSync(`${path}.zst`, zstdCompressSync(data));
  if (forms.includes('gzip')) writeFileSync(`${path}.gz`, gzipSync(data));
}

function build(): string {
  const root = mkdtempSync(join(tmpdir(), 'lantern-build-files-'));
  mkdirSync(join(root, '_astro'));
  writeWithForms(join(root, '_astro', 'page.abc123.js'), SCRIPT, ['br', 'zstd', 'gzip']);
  writeWithForms(join(root, 'styles.css'), STYLE, ['gzip']);
  writeFileSync(join(root, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Home</title>');
  // A file of its own that happens to be gzipped: no original beside it, so it is served.
  writeFileSync(join(root, 'export.csv.gz'), gzipSync('a,b\n1,2\n'));
  writeFileSync(join(root, '.secret'), 'not a file of the site');
  return root;
}

describe('build files', () => {
  let app: FastifyInstance;
  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    app.inject({ method, url, headers });

  beforeAll(async () => {
    app = Fastify();
    // As the product registers it: on for every route, off on the file routes.
    await app.register(compress, { threshold: 1024 });
    serveBuildFiles(app, {
      root: build(),
      prefix: '/',
      cacheControl: (url) => (url.startsWith('/_astro/') ? 'immutable-here' : 'no-cache'),
    });
    app.setNotFoundHandler((_request, reply) => reply.code(404).send({ fellThrough: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it.each(['br', 'zstd', 'gzip'])(
    'sends the %s form to a client that takes only it',
    async (enc) => {
      const res = await get('/_astro/page.abc123.js', { 'accept-encoding': enc });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(enc);
      expect(res.headers.vary).toBe('Accept-Encoding');
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers['cache-control']).toBe('immutable-here');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
      expect(DECODE[enc]?.(res.rawPayload)).toEqual(SCRIPT);
    },
  );

  it('prefers brotli, then zstd, then gzip, as a browser asks', async () => {
    const all = await get('/_astro/page.abc123.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(all.headers['content-encoding']).toBe('br');
    const noBrotli = await get('/_astro/page.abc123.js', { 'accept-encoding': 'gzip, zstd' });
    expect(noBrotli.headers['content-encoding']).toBe('zstd');
    // Only the forms present: this file has a gzip one alone.
    const css = await get('/styles.css', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gunzipSync(css.rawPayload)).toEqual(STYLE);
  });

  it('sends the file itself without Accept-Encoding, still varying on it', async () => {
    const res = await get('/_astro/page.abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['content-length']).toBe(String(SCRIPT.length));
    expect(res.rawPayload).toEqual(SCRIPT);
  });

  it('respects q=0 and a preference for the file itself', async () => {
    const noBr = await get('/_astro/page.abc123.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(noBr.headers['content-encoding']).toBe('gzip');
    const none = await get('/_astro/page.abc123.js', {
      'accept-encoding': 'br;q=0, zstd;q=0, gzip;q=0',
    });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload).toEqual(SCRIPT);
    const identity = await get('/_astro/page.abc123.js', {
      'accept-encoding': 'gzip;q=0.5, identity',
    });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('answers 304 to a matching If-None-Match, each form with its own ETag', async () => {
    const br = { 'accept-encoding': 'br' };
    const first = await get('/_astro/page.abc123.js', br);
    const etag = String(first.headers.etag);
    expect(etag).toBeTruthy();
    expect(first.headers['last-modified']).toBeTruthy();
    const again = await get('/_astro/page.abc123.js', { ...br, 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.vary).toBe('Accept-Encoding');
    expect(again.headers['cache-control']).toBe('immutable-here');
    // The gzip form is another representation: its ETag differs, so the br one does not match.
    const gzip = await get('/_astro/page.abc123.js', {
      'accept-encoding': 'gzip',
      'if-none-match': etag,
    });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers.etag).not.toBe(etag);
  });

  it('answers HEAD with the headers of the form and no body', async () => {
    const res = await get('/_astro/page.abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(SCRIPT).length);
    expect(res.rawPayload.length).toBe(0);
  });

  it('serves a file without forms as it is, not varying, and index.html at its folder', async () => {
    const png = await get('/logo.png', { 'accept-encoding': 'gzip, br' });
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.headers['cache-control']).toBe('no-cache');
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.body).toBe('<!doctype html><title>Home</title>');
    const own = await get('/export.csv.gz');
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-encoding']).toBeUndefined();
  });

  it('routes no compressed form, dotfile or unknown path: they go to the not-found handler', async () => {
    for (const url of [
      '/_astro/page.abc123.js.br',
      '/_astro/page.abc123.js.zst',
      '/_astro/page.abc123.js.gz',
      '/styles.css.gz',
      '/.secret',
      '/_astro/nothing.js',
      '/nothing',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ fellThrough: true });
    }
  });
});
