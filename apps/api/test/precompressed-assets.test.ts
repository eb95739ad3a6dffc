import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testConfig } from './helpers/build-test-app.ts';

/**
 * Issue 46, decision 082: the front ends' builds (apps/web/dist, apps/dashboard/dist) carry each
 * script and style sheet compressed beside it (scripts/precompress.mjs), and the server sends
 * those forms with the cache rules of the build's files.
 */
const FORMS = { '.br': brotliDecompressSync, '.gz': gunzipSync, '.zst': zstdDecompressSync };
const config = testConfig();
const builds = {
  site: config.webDist,
  dashboard: join(config.dashboardDist, 'spa'),
};

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

/** Scripts and style sheets worth compressing: they always shrink. */
const compressible = (dir: string) =>
  files(dir).filter((path) => /\.(js|css)$/.test(path) && statSync(path).size >= 1024);

describe('precompressed build files', () => {
  it.each(Object.entries(builds))(
    'the %s build has every form of each script and style sheet',
    (_, dir) => {
      const found = compressible(dir);
      expect(found.length).toBeGreaterThan(0);
      const present = new Set(files(dir));
      for (const path of found) {
        const original = readFileSync(path);
        for (const [extension, decode] of Object.entries(FORMS)) {
          const form = `${path}${extension}`;
          expect(present.has(form), relative(dir, form)).toBe(true);
          const packed = readFileSync(form);
          expect(packed.length, relative(dir, form)).toBeLessThan(original.length);
          expect(decode(packed).equals(original), relative(dir, form)).toBe(true);
        }
      }
    },
  );

  describe('as the server sends them', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t.close());

    /** The largest script of a build, as its URL. */
    const largestScript = (dir: string, prefix: string) => {
      const [largest] = compressible(dir)
        .filter((path) => path.endsWith('.js'))
        .sort((a, b) => statSync(b).size - statSync(a).size);
      if (!largest) throw new Error(`no script in ${dir}`);
      return { path: largest, url: `${prefix}${relative(dir, largest).split('\\').join('/')}` };
    };

    it.each([
      ['site', '/'],
      ['dashboard', '/spa/'],
    ] as const)(
      "sends the %s build's brotli form of a hashed chunk, cached for a year",
      async (build, prefix) => {
        const chunk = largestScript(builds[build], prefix);
        const res = await t.app.inject({
          method: 'GET',
          url: chunk.url,
          headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers.vary).toBe('Accept-Encoding');
        expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        // The build's bytes as they are, not compressed again on the way.
        expect(res.rawPayload.equals(readFileSync(`${chunk.path}.br`))).toBe(true);
      },
    );

    it('revalidates a file of the site that is not hashed', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/favicon.svg',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('no-cache');
    });
  });
});
