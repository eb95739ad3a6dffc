import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZAppConfigSchema } from '@lantern/contracts';
import {
  ANALYTICS_SCRIPT,
  AREA_PRELOADS_FILE,
  INVITATION_PAGE,
  type TAreaPreloads,
} from '@lantern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '../src/lib/geocoder-config.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

/** A stand-in for the built SPA: its index.html, and the area preloads when given. */
function fakeDashboardDist(preloads?: TAreaPreloads): string {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-spa-'));
  mkdirSync(join(dir, 'spa'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Dashboard</title><!--app-config--></head><body></body></html>',
  );
  if (preloads) writeFileSync(join(dir, AREA_PRELOADS_FILE), JSON.stringify(preloads));
  return dir;
}

/** As the dashboard build lists them (apps/dashboard/build-plugins/area-preloads.ts). */
const PRELOADS: TAreaPreloads = {
  '/dashboard': [
    '/spa/assets/dashboard-layout-a1.js',
    '/spa/assets/overview-b2.js',
    '/spa/assets/dashboard-layout-c3.css',
  ],
  '/vendor': ['/spa/assets/area-layout-d4.js', '/spa/assets/vendor-home-e5.js'],
  '/admin': ['/spa/assets/area-layout-d4.js', '/spa/assets/admin-home-f6.js'],
};

/** The shell's links to chunks and styles, in the head, as `rel href`. */
function preloadLinks(body: string): string[] {
  const head = body.slice(0, body.indexOf('</head>'));
  const links = [
    ...head.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g),
  ];
  return links.map(([, rel, href]) => `${rel} ${href}`);
}

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({
    dashboardDist: fakeDashboardDist(PRELOADS),
    headerSpecialInstruction:
      '<strong>Office closed</strong> Monday. <a href="https://help.example/x" target="_blank">Details</a><script>alert(1)</script><img src=x onerror=alert(1)>',
    investorUrl: 'https://invest.example/lantern',
    analytics: {
      provider: 'plausible',
      domain: 'lantern.example',
      scriptUrl: 'https://stats.example/js/script.js',
    },
    testFixtures: true,
  });
  user = await signUpUser(t.app, 'shell');
});
afterAll(() => t.close());

async function shellConfig(cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  const m = /<script id="app-config" type="application\/json">(.*?)<\/script>/.exec(res.body);
  return { res, config: ZAppConfigSchema.parse(JSON.parse(m?.[1] ?? 'null')) };
}

describe('the dashboard shell configuration', () => {
  it('carries the site name, the investor flag, the sanitized special instruction and the tiles', async () => {
    const { res, config } = await shellConfig(user.cookie);
    expect(res.body).toContain('<title>Dashboard | Lantern</title>');
    expect(config).toEqual({
      siteName: 'Lantern',
      supportPhone: '(800) 555-0149',
      supportPhoneHref: 'tel:+18005550149',
      supportTicketUrl: '/dashboard/support',
      investorUrl: 'https://invest.example/lantern',
      headerSpecialInstruction:
        '<strong>Office closed</strong> Monday. <a href="https://help.example/x" target="_blank" rel="noopener noreferrer">Details</a>',
      user: expect.any(Object),
      mapTiles: {
        url: DEFAULT_TILE_URL,
        attribution: DEFAULT_TILE_ATTRIBUTION,
      },
    });
    expect(res.body).not.toContain('<script>alert');
  });

  it('carries the signed-in user as GET /api/user answers it, and is never shared', async () => {
    const { res, config } = await shellConfig(user.cookie);
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: user.cookie } });
    expect(config.user).toEqual(me.json());
    expect(config.user?.email).toBe(user.email);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('loads the same analytics adapter as the public site when a provider is configured', async () => {
    const { res } = await shellConfig(user.cookie);
    expect(res.body).toContain(`<script>${ANALYTICS_SCRIPT}</script>`);
    expect(res.body).toContain(
      '<script defer data-domain="lantern.example" src="https://stats.example/js/script.js"></script>',
    );
    const off = await buildTestApp({ dashboardDist: fakeDashboardDist() });
    try {
      const other = await signUpUser(off.app, 'shell-off');
      const page = await off.app.inject({ url: '/dashboard', headers: { cookie: other.cookie } });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('plausible');
      // A build without area-preloads.json (as this stand-in) serves the shell without links.
      expect(preloadLinks(page.body)).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('shows page-load errors once, sanitized, under the pageLoad key', async () => {
    const flash = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/test-fixtures/page-load-error',
      headers: { ...BROWSER, cookie: user.cookie },
      payload: { html: 'Payment <em>failed</em>.<script>x()</script>' },
    });
    expect(flash.statusCode).toBe(200);
    const flashCookie = flash.cookies.find((c) => c.name === 'lantern_flash');
    expect(flashCookie?.httpOnly).toBe(true);
    const cookie = `${user.cookie}; lantern_flash=${flashCookie?.value}`;
    const { res, config } = await shellConfig(cookie);
    expect(config.errors).toEqual({ pageLoad: ['Payment <em>failed</em>.'] });
    // Consumed: the answer clears the cookie.
    expect(res.cookies.find((c) => c.name === 'lantern_flash')?.value).toBe('');
  });

  it('ignores a forged flash cookie', async () => {
    const forged = Buffer.from(JSON.stringify(['<b>Phish</b>'])).toString('base64url');
    const { config } = await shellConfig(`${user.cookie}; lantern_flash=${forged}.bad`);
    expect(config.errors).toBeUndefined();
  });
});

describe('the dashboard shell’s preloads (decision 083)', () => {
  it('links what the dashboard’s landing page loads, on every page of the area', async () => {
    for (const url of ['/dashboard', '/dashboard/account']) {
      const res = await t.app.inject({ url, headers: { cookie: user.cookie } });
      expect(res.statusCode).toBe(200);
      expect(preloadLinks(res.body)).toEqual([
        'modulepreload /spa/assets/dashboard-layout-a1.js',
        'modulepreload /spa/assets/overview-b2.js',
        'stylesheet /spa/assets/dashboard-layout-c3.css',
      ]);
    }
  });

  it('links the vendor and staff areas’ own chunks for the people who may open them', async () => {
    const vendor = await signUpUser(t.app, 'shell-vendor');
    await giveVendorKinds(t.app, vendor.userId, ['agent']);
    const staff = await signUpUser(t.app, 'shell-staff');
    await giveStaffRole(t.app, staff.userId, 'owner');
    const vendorPage = await t.app.inject({ url: '/vendor', headers: { cookie: vendor.cookie } });
    expect(preloadLinks(vendorPage.body)).toEqual([
      'modulepreload /spa/assets/area-layout-d4.js',
      'modulepreload /spa/assets/vendor-home-e5.js',
    ]);
    const staffPage = await t.app.inject({
      url: '/admin/users',
      headers: { cookie: staff.cookie },
    });
    expect(preloadLinks(staffPage.body)).toEqual([
      'modulepreload /spa/assets/area-layout-d4.js',
      'modulepreload /spa/assets/admin-home-f6.js',
    ]);
    // A customer asking for the staff area gets the 403 page, and no staff code.
    const refused = await t.app.inject({ url: '/admin', headers: { cookie: user.cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('admin-home');
  });

  it('links nothing on the invitation page, which has no area’s layout', async () => {
    const res = await t.app.inject({ url: INVITATION_PAGE });
    expect(res.statusCode).toBe(200);
    expect(preloadLinks(res.body)).toEqual([]);
  });
});

describe('test fixtures', () => {
  it('exist only when TEST_FIXTURES is on', async () => {
    const off = await buildTestApp();
    try {
      const someone = await signUpUser(off.app, 'nofix');
      const res = await off.app.inject({
        method: 'POST',
        url: '/api/dashboard/test-fixtures/properties',
        headers: { ...BROWSER, cookie: someone.cookie },
        payload: { street: '1 A St', city: 'Austin', state: 'TX', zip: '78701', role: 'seller' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it("rename answers another user's property and a made-up one alike: 404", async () => {
    const other = await signUpUser(t.app, 'fix-other');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/test-fixtures/properties',
      headers: { ...BROWSER, cookie: other.cookie },
      payload: { street: '1 A St', city: 'Austin', state: 'TX', zip: '78701', role: 'seller' },
    });
    const rename = (property: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dashboard/test-fixtures/rename',
        headers: { ...BROWSER, cookie: user.cookie },
        payload: { property, street: '2 B St' },
      });
    const theirs = await rename(made.json().hash);
    const madeUp = await rename('QQQQQQQQQQQQQQQQQQQQ');
    expect(theirs.statusCode).toBe(404);
    expect(madeUp.body).toBe(theirs.body);
  });
});

describe('configuration', () => {
  it('refuses TEST_FIXTURES in production', async () => {
    const { loadConfig } = await import('../src/env.ts');
    expect(() =>
      loadConfig({ NODE_ENV: 'production', TEST_FIXTURES: 'true', SESSION_SECRET: 'x'.repeat(40) }),
    ).toThrow(/TEST_FIXTURES/);
  });

  it('warns when production names no map tile provider, and then draws no tiles', async () => {
    const { loadConfig } = await import('../src/env.ts');
    const bare = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) });
    expect(bare.warnings.some((w) => w.startsWith('MAP_TILE_URL is not set'))).toBe(true);
    expect(bare.config.geocoding.tileUrl).toBeNull();
    const named = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png',
    });
    expect(named.warnings.some((w) => w.startsWith('MAP_TILE_URL'))).toBe(false);
  });
});
