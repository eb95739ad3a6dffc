import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_MANIFEST_FILE, inlineScriptHashes } from '@lantern/domain/csp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizeSite } from '../src/features/public-site/localize-site.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';

/**
 * Issue 12, item 8: the public site built for one address, served by a server with another
 * PUBLIC_URL, carries the server's address in canonical and Open Graph URLs, the sitemap and
 * robots.txt.
 */
const BUILT = 'https://built.example';
const LIVE = 'https://live.example';

function builtSite(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-built-'));
  mkdirSync(join(dir, '_astro'));
  const page = (path: string) =>
    `<!doctype html><html><head><title>Home</title><link rel="canonical" href="${BUILT}${path}"><meta property="og:url" content="${BUILT}${path}"><meta property="og:image" content="${BUILT}/og.png"><script>window.x=1</script></head><body><a href="/services">Services</a></body></html>`;
  writeFileSync(join(dir, 'index.html'), page('/'));
  writeFileSync(join(dir, 'services.html'), page('/services'));
  writeFileSync(
    join(dir, 'robots.txt'),
    `User-agent: *\nAllow: /\nSitemap: ${BUILT}/sitemap-index.xml\n`,
  );
  writeFileSync(
    join(dir, 'sitemap-index.xml'),
    `<?xml version="1.0"?><sitemapindex><sitemap><loc>${BUILT}/sitemap-0.xml</loc></sitemap></sitemapindex>`,
  );
  writeFileSync(join(dir, '_astro', 'app.js'), 'console.log("no address here")');
  writeFileSync(
    join(dir, BUILD_MANIFEST_FILE),
    JSON.stringify({
      publicUrl: BUILT,
      builtAt: '2026-11-23T00:00:00.000Z',
      scriptHashes: inlineScriptHashes(page('/')),
    }),
  );
  return dir;
}

describe('localizeSite', () => {
  it('serves the build as is when the address is the same', () => {
    const dist = builtSite();
    expect(localizeSite(dist, new URL(`${BUILT}/`), join(dist, '..', 'cache-same'))).toBe(dist);
  });

  it('makes one copy per build and address, rewriting only what names the address', () => {
    const dist = builtSite();
    const cache = mkdtempSync(join(tmpdir(), 'lantern-site-cache-'));
    const served = localizeSite(dist, new URL(LIVE), cache);
    expect(served).not.toBe(dist);
    expect(readFileSync(join(served, 'robots.txt'), 'utf8')).toContain(
      `Sitemap: ${LIVE}/sitemap-index.xml`,
    );
    expect(readFileSync(join(served, 'index.html'), 'utf8')).not.toContain(BUILT);
    // Unchanged files are the build's own (hard links), not copies.
    expect(statSync(join(served, '_astro', 'app.js')).ino).toBe(
      statSync(join(dist, '_astro', 'app.js')).ino,
    );
    // A second start reuses the copy.
    expect(localizeSite(dist, new URL(LIVE), cache)).toBe(served);
    expect(existsSync(join(served, BUILD_MANIFEST_FILE))).toBe(true);
  });
});

describe('a server started with another PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ webDist: builtSite(), publicUrl: new URL(LIVE) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves its own address in canonical and Open Graph URLs, the sitemap and robots.txt', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(home.body).toContain(`<link rel="canonical" href="${LIVE}/">`);
    expect(home.body).toContain(`<meta property="og:image" content="${LIVE}/og.png">`);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain(`Sitemap: ${LIVE}/sitemap-index.xml`);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap-index.xml' });
    expect(sitemap.body).toContain(`<loc>${LIVE}/sitemap-0.xml</loc>`);
    for (const res of [home, robots, sitemap]) expect(res.body).not.toContain(BUILT);
    // The page's inline script still runs under the policy.
    expect(home.headers['content-security-policy']).toContain(inlineScriptHashes(home.body)[0]);
  });
});
