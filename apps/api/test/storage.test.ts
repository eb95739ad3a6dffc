import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage, type FileStorage } from '../src/features/storage/index.ts';
import { startS3rver } from './helpers/s3rver.ts';

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** One contract, both adapters: what the photos service relies on. */
function contract(
  name: string,
  make: () => Promise<{ storage: FileStorage; close(): Promise<void> }>,
) {
  describe(`${name} storage`, () => {
    let storage: FileStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await make());
    });
    afterAll(() => close());

    it('stores a stream and a buffer, reads them back, counts the bytes', async () => {
      const big = 'x'.repeat(300_000);
      expect(
        await storage.put('a/one/original', Readable.from([big.slice(0, 1000), big.slice(1000)]), {
          contentType: 'application/octet-stream',
        }),
      ).toBe(300_000);
      expect(await text(await storage.get('a/one/original'))).toBe(big);
      expect(
        await storage.put('a/one/thumb.jpg', Buffer.from('thumb'), { contentType: 'image/jpeg' }),
      ).toBe(5);
      expect(await text(await storage.get('a/one/thumb.jpg'))).toBe('thumb');
    });

    it('copies a file to another key, leaving the first as it was', async () => {
      await storage.put('c/from/original', Buffer.from('the photo'), { contentType: 'image/jpeg' });
      await storage.copy('c/from/original', 'c/to/deeper/original');
      expect(await text(await storage.get('c/to/deeper/original'))).toBe('the photo');
      expect(await text(await storage.get('c/from/original'))).toBe('the photo');
      await expect(storage.copy('c/missing', 'c/to/other')).rejects.toThrow();
      expect(await storage.get('c/to/other')).toBeNull();
      await storage.deletePrefix('c/');
    });

    it('answers null for a key it does not have', async () => {
      expect(await storage.get('a/nothing/here')).toBeNull();
    });

    it('keeps nothing of a put whose stream fails', async () => {
      const failing = new Readable({
        read() {
          this.push(Buffer.from('partial'));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(
        storage.put('a/failed/original', failing, { contentType: 'application/octet-stream' }),
      ).rejects.toThrow('client went away');
      expect(await storage.get('a/failed/original')).toBeNull();
    });

    it('deletes by keys and by prefix, leaving the rest', async () => {
      for (const key of ['b/1/x', 'b/1/y', 'b/2/x', 'bb/1/x']) {
        await storage.put(key, Buffer.from(key), { contentType: 'text/plain' });
      }
      await storage.delete(['b/1/x', 'b/missing']);
      expect(await storage.get('b/1/x')).toBeNull();
      expect(await text(await storage.get('b/1/y'))).toBe('b/1/y');
      await storage.deletePrefix('b/');
      expect(await storage.get('b/1/y')).toBeNull();
      expect(await storage.get('b/2/x')).toBeNull();
      expect(await text(await storage.get('bb/1/x'))).toBe('bb/1/x');
    });

    it('lists every stored key, and nothing of a put that failed', async () => {
      const keys: string[] = [];
      for await (const key of storage.keys()) keys.push(key);
      expect(keys.sort()).toEqual(['a/one/original', 'a/one/thumb.jpg', 'bb/1/x']);
    });

    it('refuses keys that could leave its place', async () => {
      for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'a//b', 'a/b c', '']) {
        await expect(storage.get(key)).rejects.toThrow('invalid storage key');
      }
      await expect(storage.deletePrefix('a')).rejects.toThrow('ends with /');
    });
  });
}

contract('local', async () => {
  const root = mkdtempSync(join(tmpdir(), 'lantern-files-'));
  const storage = await createStorage({ kind: 'local', root });
  return { storage, close: async () => undefined };
});

contract('S3 (s3rver)', async () => {
  const s3 = await startS3rver();
  const storage = await createStorage({ kind: 's3', ...s3.config });
  return { storage, close: () => s3.close() };
});

describe('serving URLs', () => {
  it('local storage has none: the route streams the file', async () => {
    const root = mkdtempSync(join(tmpdir(), 'lantern-files-'));
    const storage = await createStorage({ kind: 'local', root });
    await storage.put('c/1/web.jpg', Buffer.from('img'), { contentType: 'image/jpeg' });
    expect(await storage.signedUrl('c/1/web.jpg', { expiresInSeconds: 60 })).toBeNull();
    expect(readdirSync(join(root, 'c', '1'))).toEqual(['web.jpg']);
  });

  it('S3 gives a signed, expiring GET URL that works, and stops working when it expires', async () => {
    const s3 = await startS3rver();
    try {
      const storage = await createStorage({ kind: 's3', ...s3.config });
      await storage.put('c/1/web.jpg', Buffer.from('the image'), { contentType: 'image/jpeg' });
      const url = await storage.signedUrl('c/1/web.jpg', { expiresInSeconds: 60 });
      expect(url).toMatch(/X-Amz-Expires=60/);
      expect(url).toMatch(/X-Amz-Signature=/);
      const res = await fetch(url as string);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(await res.text()).toBe('the image');
      // s3rver checks a presigned URL's key and expiry (not SigV4 signatures): an old link fails.
      const short = await storage.signedUrl('c/1/web.jpg', { expiresInSeconds: 1 });
      await new Promise((r) => setTimeout(r, 2100));
      expect((await fetch(short as string)).status).toBe(403);
    } finally {
      await s3.close();
    }
  });

  it('makes links for the public address when browsers reach the store elsewhere', async () => {
    const s3 = await startS3rver();
    try {
      // The server talks to 127.0.0.1; browsers are sent to "localhost" (a proxy, in production).
      const publicEndpoint = (s3.config.endpoint as string).replace('127.0.0.1', 'localhost');
      const storage = await createStorage({ kind: 's3', ...s3.config, publicEndpoint });
      await storage.put('c/2/web.jpg', Buffer.from('public'), { contentType: 'image/jpeg' });
      const url = (await storage.signedUrl('c/2/web.jpg', { expiresInSeconds: 60 })) as string;
      expect(url.startsWith(`${publicEndpoint}/`)).toBe(true);
      expect(await (await fetch(url)).text()).toBe('public');
    } finally {
      await s3.close();
    }
  });
});
