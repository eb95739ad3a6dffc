import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { KEEP_PAGE_HEADER } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { isOnDemandPage } from './helpers/site-pages.ts';

/**
 * Issue 12, item 8, as issue 44 left it: one build of the public site serves any address. Every
 * page renders on demand with the server's PUBLIC_URL (and settings), so nothing of the build is
 * rewritten (the localizer is gone).
 */
const LIVE = 'https://live.example';
const html = { accept: 'text/html' };

describe('a server whose PUBLIC_URL is not the build’s', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ publicUrl: new URL(LIVE) });
  });
  afterAll(async () => {
    await t.close();
  });

  it('names its own address in canonical and Open Graph URLs, robots.txt and the sitemaps', async () => {
    for (const path of ['/blog/what-is-the-mls', '/account/login', '/company/contact', '/']) {
      const page = await t.app.inject({ method: 'GET', url: path, headers: html });
      expect(page.statusCode, path).toBe(200);
      const url = `${LIVE}${path}`;
      expect(page.body, path).toContain(`<link rel="canonical" href="${url}">`);
      expect(page.body, path).toContain(`<meta property="og:url" content="${url}">`);
    }
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toContain(`Sitemap: ${LIVE}/sitemap.xml\n`);
    const index = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain(`<loc>${LIVE}/sitemap-0.xml</loc>`);
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap-0.xml' })).body;
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(locs.length).toBeGreaterThan(100);
    expect(locs.filter((loc) => !loc.startsWith(`${LIVE}/`))).toEqual([]);
    for (const path of ['/blog', '/blog/2', '/blog/tag/mls', '/newsletter'])
      expect(locs).toContain(`${LIVE}${path}`);
    expect(locs.filter((loc) => /\/(account|password)\//.test(loc))).toEqual([]);
  });

  it('publishes the blog as RSS at its own address, named by the blog’s pages (issue 45)', async () => {
    const feed = await t.app.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const links = [...feed.body.matchAll(/<link>([^<]+)<\/link>/g)].map((m) => m[1]);
    expect(links[0]).toBe(`${LIVE}/blog`);
    expect(links).toContain(`${LIVE}/blog/what-is-the-mls`);
    expect(feed.body).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} 00:00:00 GMT<\/pubDate>/);
    for (const path of ['/blog', '/blog/2', '/blog/what-is-the-mls', '/blog/tag/mls']) {
      const page = await t.app.inject({ method: 'GET', url: path, headers: html });
      expect(page.body, path).toMatch(
        /<link rel="alternate" type="application\/rss\+xml" title="[^"]+ blog" href="\/blog\/rss.xml">/,
      );
    }
  });

  it('says where to report a security problem, in RFC 9116’s form (issue 45)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/security.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain(`Contact: ${LIVE}/company/contact\n`);
    expect(res.body).toContain(`Canonical: ${LIVE}/.well-known/security.txt\n`);
    const expires = Date.parse(/^Expires: (\S+)$/m.exec(res.body)?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan(90 * 86_400_000);
    expect(expires - Date.now()).toBeLessThan(365 * 86_400_000);
  });

  it('serves no page from a file: the build’s files are its assets, every page renders here', async () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(dir, entry.name));
        else if (/\.(html|xml|txt|pdf)$/.test(entry.name)) files.push(entry.name);
      }
    };
    walk(t.app.config.webDist);
    expect(files).toEqual([]);
    expect(isOnDemandPage(t.app, '/blog/:p')).toBe(true);
    // The 404 page an API path gets when a browser asks for it, rendered too.
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing', headers: html });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.body).toContain('We couldn’t find that page');
    // An agreement's PDF is made on demand, bytes intact.
    const pdf = await t.app.inject({ method: 'GET', url: '/agreements/listing-agreement.pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.includes(Buffer.from([0xef, 0xbf, 0xbd]))).toBe(false);
  });

  it('keeps a page that depends on the build alone, and sends it without the marking header', async () => {
    // A HEAD first must not leave an empty page to the GETs after it.
    const head = await t.app.inject({ method: 'HEAD', url: '/blog/tag/mls', headers: html });
    expect(head.statusCode).toBe(200);
    const first = await t.app.inject({ method: 'GET', url: '/blog/tag/mls', headers: html });
    const again = await t.app.inject({
      method: 'GET',
      url: '/blog/tag/mls?ref=mail',
      headers: html,
    });
    // Another spelling of the same address is the same page (kept once, by the decoded path).
    const spelled = await t.app.inject({ method: 'GET', url: '/blog/tag/ml%73', headers: html });
    expect(first.body).toContain('<h1');
    expect(again.body).toBe(first.body);
    expect(spelled.body).toBe(first.body);
    for (const res of [head, first, again, spelled]) {
      expect(res.headers[KEEP_PAGE_HEADER]).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // Its inline scripts are allowed on the kept copy too.
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('answers an unknown post, tag or list page with the site’s 404 page', async () => {
    for (const path of ['/blog/no-such-post', '/blog/tag/no-such-tag', '/blog/1', '/blog/99']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: html });
      expect(res.statusCode, path).toBe(404);
      // Astro's own headers stay in the server.
      expect(Object.keys(res.headers).filter((name) => name.startsWith('x-astro'))).toEqual([]);
      expect(res.body, path).toContain('We couldn’t find that page');
    }
  });
});
