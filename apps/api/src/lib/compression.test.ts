import { brotliDecompressSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESS_OPTIONS } from './compression.ts';

/** A staff list's size of answer: 25 rows of about 400 bytes. */
const rows = Array.from({ length: 25 }, (_, i) => ({
  hash: `order-${i}`,
  address: `${100 + i} Congress Avenue, Austin, TX 78701`,
  customer: `customer-${i}@example.com`,
  note: 'x'.repeat(300),
}));

describe('dynamic answers are compressed', () => {
  it('compresses an answer under 64 KB in one go: brotli, with its length', async () => {
    const app = Fastify();
    await app.register(compress, COMPRESS_OPTIONS);
    app.get('/list', async () => ({ rows }));
    const plain = JSON.stringify({ rows });
    expect(plain.length).toBeGreaterThan(8 * 1024);
    const res = await app.inject({ url: '/list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    // A length, not chunks: the answer was compressed in one call, not through a zlib stream.
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain);
    await app.close();
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const app = Fastify();
    await app.register(compress, COMPRESS_OPTIONS);
    app.get('/small', async () => ({ ok: true }));
    const res = await app.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ ok: true });
    await app.close();
  });
});
