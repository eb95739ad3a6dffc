import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/**
 * The site's pages are sent by the not-found handler, where Fastify runs none of
 * @fastify/compress's route hooks: they went out uncompressed until page-encoding.ts.
 */
describe('public pages are compressed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const get = (url: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { accept: 'text/html', ...(encoding ? { 'accept-encoding': encoding } : {}) },
    });

  it('sends a page in brotli when the browser takes it, and the same page as plain text', async () => {
    const plain = await get('/flat-fee-mls');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);

    const br = await get('/flat-fee-mls', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('sends gzip to a client that takes only gzip, kept pages included', async () => {
    for (const url of ['/', '/company/about-us', '/blog/rss.xml']) {
      const plain = await get(url);
      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8'), url).toBe(plain.body);
      // Twice: a kept page's compressed form is reused, and stays whole.
      const again = await get(url, 'gzip');
      expect(again.rawPayload.equals(gz.rawPayload), url).toBe(true);
    }
  });

  it('compresses the designed 404 page too', async () => {
    const res = await get('/no-such-page-here', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('<html');
  });

  it('leaves a PDF as it is', async () => {
    const res = await get('/agreements/listing-agreement.pdf', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
