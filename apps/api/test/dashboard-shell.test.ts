import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZAppConfigSchema } from '@lantern/contracts';
import { ANALYTICS_SCRIPT } from '@lantern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TILE_ATTRIBUTION, DEFAULT_TILE_URL } from '../src/lib/geocoder-config.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';

/** A stand-in for the built SPA: only its index.html matters here. */
function fakeDashboardDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-spa-'));
  mkdirSync(join(dir, 'spa'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Dashboard</title><!--app-config--></head><body></body></html>',
  );
  return dir;
}

let t: TestApp;
let user: SignedIn;
beforeAll(async () => {
  t = await buildTestApp({
    dashboardDist: fakeDashboardDist(),
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
});
