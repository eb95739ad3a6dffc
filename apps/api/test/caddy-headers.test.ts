import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/features/storage/index.ts';
import { buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { type Caddy, caddyInstalled, startCaddy } from './helpers/caddy.ts';
import { freePort } from './helpers/private-postgres.ts';
import { startS3rver } from './helpers/s3rver.ts';

/**
 * Issue 12, item 5: infra/Caddyfile in front of an instance adds HSTS and keeps the instance's
 * own security headers without doubling them; with no instance up, its own answer has them too.
 */
if (!caddyInstalled)
  console.log('Caddy tests skipped: the caddy binary is not installed (Debian package caddy).');

describe.skipIf(!caddyInstalled)('infra/Caddyfile', () => {
  let t: TestApp;
  let proxy: Caddy;
  let site: string;

  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const appPort = typeof address === 'object' && address ? address.port : 0;
    // One instance up, one that never answers (its health check keeps it out).
    proxy = await startCaddy([`127.0.0.1:${appPort}`, `127.0.0.1:${await freePort()}`]);
    site = proxy.site;
  }, 60_000);

  afterAll(async () => {
    proxy?.stop();
    await t?.close();
  });

  it('passes the instance’s headers through once and adds HSTS', async () => {
    const res = await fetch(`${site}/api/health`);
    const direct = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers.get('content-security-policy')).toBe(
      direct.headers['content-security-policy'],
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('keeps the policy on its own answers when no instance is up', async () => {
    await t.app.close();
    let res: Response | undefined;
    for (let i = 0; i < 50; i++) {
      res = await fetch(`${site}/api/health`);
      if (res.status >= 500) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(res?.status).toBeGreaterThanOrEqual(500);
    expect(res?.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res?.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe.skipIf(!caddyInstalled)('infra/Caddyfile in front of the file store', () => {
  it('passes signed links made for the site through to the store', async () => {
    const s3 = await startS3rver('lantern-files');
    const app = await buildTestApp();
    let proxy: Caddy | undefined;
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.app.server.address();
      const appPort = typeof address === 'object' && address ? address.port : 0;
      const store = new URL(s3.config.endpoint as string).host;
      proxy = await startCaddy([`127.0.0.1:${appPort}`], {
        bucket: 'lantern-files',
        upstream: store,
      });
      const storage = await createStorage({ kind: 's3', ...s3.config, publicEndpoint: proxy.site });
      await storage.put('listings/l/photos/p/web.jpg', Buffer.from('through caddy'), {
        contentType: 'image/jpeg',
      });
      const url = (await storage.signedUrl('listings/l/photos/p/web.jpg', {
        expiresInSeconds: 60,
      })) as string;
      expect(url.startsWith(`${proxy.site}/lantern-files/`)).toBe(true);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('through caddy');
      // Everything else still goes to the instances.
      expect((await fetch(`${proxy.site}/api/health`)).status).toBe(200);
      storage.close();
    } finally {
      proxy?.stop();
      await app.close();
      await s3.close();
    }
  }, 60_000);
});
