import { listingPagePath } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { signUpUser } from './helpers/dashboard-fixtures.ts';
import { publishedFsboListing } from './helpers/listing-fixtures.ts';

/**
 * Issue 45, "A brand people trust": every public page shares an image (the brand card, or a
 * listing's photo), the icons and the manifest answer as files with their types, and the brand
 * face is preloaded from the file the stylesheet loads (docs/decisions/078-design-system.md).
 */
let t: TestApp;
let origin = '';
let listing = '';
beforeAll(async () => {
  t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
  origin = t.app.config.publicUrl.origin;
  const seller = await signUpUser(t.app, 'brand');
  const { listing: row } = await publishedFsboListing(t.app, seller, '12 Brand Ln');
  listing = listingPagePath(row.slug ?? row.hash);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, accept = 'text/html') =>
  t.app.inject({ method: 'GET', url, headers: { accept } });
const meta = (html: string, property: string) =>
  new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(html)?.[1];

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

describe('the brand on every public page', () => {
  it('gives every kind of page an absolute Open Graph image with its size and text', async () => {
    const pages = [
      '/',
      '/services',
      '/flat-fee-mls',
      '/flat-fee-mls/austin-tx',
      '/mls/armls',
      '/current-listings',
      '/search?search=mls',
      '/blog',
      '/blog/what-is-the-mls',
      '/company/contact',
      '/account/login',
      '/password/reset',
      '/no-such-page',
    ];
    for (const url of pages) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(meta(res.body, 'og:image'), url).toBe(`${origin}/og-image.png`);
      expect(meta(res.body, 'og:image:width'), url).toBe('1200');
      expect(meta(res.body, 'og:image:height'), url).toBe('630');
      expect(meta(res.body, 'og:image:alt'), url).toMatch(/\S/);
      expect(meta(res.body, 'twitter:card'), url).toBe('summary_large_image');
    }
    // A listing shares its own first photo instead.
    const own = (await get(listing)).body;
    expect(meta(own, 'og:image')).toMatch(new RegExp(`^${origin}/api/listings/\\w+/photos/`));
    expect(meta(own, 'twitter:card')).toBe('summary_large_image');
    const card = await get('/og-image.png', 'image/*');
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(pngSize(card.rawPayload)).toEqual([1200, 630]);
  });

  it('serves the manifest with the site’s name, and each icon it and the pages name', async () => {
    const manifest = await get('/site.webmanifest', '*/*');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const body = manifest.json() as { name: string; icons: Array<{ src: string; sizes: string }> };
    expect(body.name).toBe(t.app.config.siteName);
    expect(body.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
    for (const icon of [...body.icons, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
      const res = await get(icon.src, 'image/*');
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type'], icon.src).toBe('image/png');
      expect(pngSize(res.rawPayload).join('x'), icon.src).toBe(icon.sizes);
    }
    const svg = await get('/favicon.svg', 'image/*');
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    const ico = await get('/favicon.ico', 'image/*');
    expect(ico.statusCode).toBe(200);
    expect(ico.rawPayload.readUInt16LE(2)).toBe(1);
    const home = (await get('/')).body;
    for (const link of [
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
      '<link rel="apple-touch-icon" href="/apple-touch-icon.png">',
      '<link rel="manifest" href="/site.webmanifest">',
    ])
      expect(home).toContain(link);
  });

  it('preloads the one brand font file the stylesheet loads, served as a font', async () => {
    const home = (await get('/')).body;
    const preload =
      /<link rel="preload" href="([^"]+\.woff2)" as="font" type="font\/woff2" crossorigin>/.exec(
        home,
      )?.[1];
    expect(preload).toMatch(/^\/_astro\/figtree-latin-wght-normal\.[\w-]+\.woff2$/);
    const font = await get(String(preload), '*/*');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    const styles = [...home.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    const css = await Promise.all(
      styles.map(async (href) => (await get(String(href), 'text/css')).body),
    );
    expect(css.join('\n')).toContain(`url(${preload})`);
    // The CSP lets the page load it from its own origin.
    const policy = String((await get('/')).headers['content-security-policy']);
    expect(policy).toMatch(/font-src 'self'/);
  });
});
