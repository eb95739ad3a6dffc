import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_MANIFEST_FILE, inlineScriptHashes } from '@lantern/domain/csp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/features/auth/throttle/limits.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { signUpUser } from './helpers/dashboard-fixtures.ts';

/**
 * Issue 12, item 5: the security headers on every class of response — public HTML, the SPA
 * shell, JSON and hashed assets — from a small built site of the test's own.
 */
const ISLAND = "(()=>{customElements.define('x-island',class extends HTMLElement{})})()";

function builtFrontEnds() {
  const root = mkdtempSync(join(tmpdir(), 'lantern-headers-'));
  const web = join(root, 'web');
  mkdirSync(join(web, '_astro'), { recursive: true });
  const page = `<!doctype html><html><head><script>${ISLAND}</script><script type="module" src="/_astro/page.js"></script></head><body>Hi</body></html>`;
  writeFileSync(join(web, 'index.html'), page);
  writeFileSync(join(web, '_astro', 'page.abc123.js'), 'console.log(1)');
  writeFileSync(
    join(web, BUILD_MANIFEST_FILE),
    JSON.stringify({
      builtAt: new Date().toISOString(),
      scriptHashes: inlineScriptHashes(page),
    }),
  );
  const dashboard = join(root, 'dashboard');
  mkdirSync(join(dashboard, 'spa'), { recursive: true });
  writeFileSync(
    join(dashboard, 'index.html'),
    '<!doctype html><html><head><title>Dashboard</title><!--app-config--></head><body><div id="root"></div></body></html>',
  );
  return { web, dashboard };
}

function policy(header: string | string[] | number | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    const { web, dashboard } = builtFrontEnds();
    t = await buildTestApp({ webDist: web, dashboardDist: dashboard });
    cookie = (await signUpUser(t.app, 'headers')).cookie;
  });
  afterAll(async () => {
    await t.close();
  });

  const classes = () => ({
    'public HTML': t.app.inject({ method: 'GET', url: '/' }),
    'SPA shell': t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie } }),
    JSON: t.app.inject({ method: 'GET', url: '/api/health' }),
    'hashed asset': t.app.inject({ method: 'GET', url: '/_astro/page.abc123.js' }),
    'error JSON': t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
    // Fastify's own early errors (issue 41): before any route or hook runs, and after parsing.
    'undecodable URL': t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' }),
    'malformed JSON': t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { ...BROWSER, 'content-type': 'application/json' },
      payload: '{"email":',
    }),
    'too large body': t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { ...BROWSER, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024) }),
    }),
  });

  it.each([
    'public HTML',
    'SPA shell',
    'JSON',
    'hashed asset',
    'error JSON',
    'undecodable URL',
    'malformed JSON',
    'too large body',
  ] as const)(
    '%s carries the policy, nosniff, the referrer policy and no framing',
    async (kind) => {
      const res = await classes()[kind];
      expect(res.statusCode).toBeLessThan(500);
      const csp = policy(res.headers['content-security-policy']);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      const scripts = csp.get('script-src') ?? [];
      expect(scripts).toContain("'self'");
      expect(scripts).not.toContain("'unsafe-inline'");
      expect(scripts).not.toContain("'unsafe-eval'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      // The test's PUBLIC_URL is http: no HSTS, which would pin browsers to https.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it("lets the built site's inline scripts run by hash and nothing else inline", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const scripts = policy(res.headers['content-security-policy']).get('script-src') ?? [];
    const [hash] = inlineScriptHashes(`<script>${ISLAND}</script>`);
    expect(scripts).toContain(hash);
    expect(scripts.filter((s) => s.startsWith("'sha256-"))).toEqual([hash]);
  });

  it('leaves the sign-in popup page able to reach its opener', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    // The page says so itself: the real build, where it renders on demand (and is then kept).
    const built = await buildTestApp();
    try {
      for (let visit = 0; visit < 2; visit++) {
        const callback = await built.app.inject({ method: 'GET', url: '/account/social-callback' });
        expect(callback.statusCode).toBe(200);
        expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      }
    } finally {
      await built.close();
    }
  });

  it('takes violation reports from browsers without our request headers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost:3000/account/login',
          'violated-directive': 'script-src',
          'blocked-uri': 'inline',
        },
      }),
    });
    expect(res.statusCode).toBe(204);
    // Other state-changing requests still need them.
    const blocked = await t.app.inject({ method: 'POST', url: '/account/logout', payload: {} });
    expect(blocked.statusCode).toBe(403);
    expect(BROWSER['x-requested-with']).toBe('XMLHttpRequest');
  });

  const report = (remoteAddress: string, padding = 0) =>
    t.app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      remoteAddress,
      payload: JSON.stringify({
        'csp-report': {
          'document-uri': 'http://localhost:3000/',
          'violated-directive': 'img-src',
          'blocked-uri': 'https://elsewhere.example/x.png',
          'script-sample': 'x'.repeat(padding),
        },
      }),
    });

  it('refuses a violation report of more than a few KB (issue 41)', async () => {
    expect((await report('10.41.9.1', 9_500)).statusCode).toBe(413);
    expect((await report('10.41.9.1', 1_000)).statusCode).toBe(204);
  });

  it('takes a limited number of violation reports per address (issue 41)', async () => {
    for (let i = 0; i < LIMITS.cspReports.max; i++) {
      expect((await report('10.41.9.2')).statusCode).toBe(204);
    }
    const refused = await report('10.41.9.2');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await report('10.41.9.3')).statusCode).toBe(204);
  });
});

describe('on https', () => {
  it('adds HSTS and upgrades insecure requests', async () => {
    const t = await buildTestApp({ publicUrl: new URL('https://lantern.example') });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(policy(res.headers['content-security-policy']).has('upgrade-insecure-requests')).toBe(
        true,
      );
    } finally {
      await t.close();
    }
  });
});

describe('with photos on S3', () => {
  it('lets pages show images from the store, where signed photo links point', async () => {
    const t = await buildTestApp({
      storage: {
        kind: 's3',
        bucket: 'photos',
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:4569/',
        accessKeyId: 'key',
        secretAccessKey: 'secret',
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      const img = policy(res.headers['content-security-policy']).get('img-src');
      expect(img).toContain('http://127.0.0.1:4569');
    } finally {
      await t.close();
    }
  });
});
