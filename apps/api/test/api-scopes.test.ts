import { API_SCOPES, type TApiScope } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicUrl } from '../src/features/api-tokens/scopes.ts';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole, giveVendorKinds } from './helpers/staff.ts';

/**
 * Issue 25: every route of the public API (app.apiTokens.routes, collected as the app registers
 * its routes, like the admin access table) refuses a token without its scope — 403 naming the
 * scope — and lets one with it past the scope check. Run as a staff owner who is also a vendor,
 * so the person's own rights never hide a scope refusal.
 */
let t: TestApp;
const tokens = new Map<string, string>();

/** A URL for the route with made-up ids: the scope is checked before any record is read. */
const urlOf = (pattern: string) =>
  `/api/v1/${pattern.slice('/api/'.length)}`.replace(/:([a-z]+)/gi, (_m, name: string) =>
    name === 'id' || name === 'user' || name === 'invitation' || name === 'showing'
      ? '987654321'
      : 'Zz9Zz9Zz9Zz9Zz9Zz9Zz',
  );

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: false });
  const who = await signUpUser(t.app, 'scopes');
  await giveStaffRole(t.app, who.userId, 'owner');
  await giveVendorKinds(t.app, who.userId, ['field']);
  const make = async (name: string, scopes: readonly TApiScope[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/api-tokens',
      headers: { ...BROWSER, cookie: who.cookie },
      payload: { name, scopes, expiresInDays: 1 },
    });
    expect(res.statusCode, res.body).toBe(201);
    tokens.set(name, res.json().token);
  };
  await make('all', API_SCOPES);
  for (const scope of API_SCOPES) {
    // Everything but this scope (and, for a read scope, its write scope, which includes it).
    const area = scope.split(':')[0];
    await make(
      `without ${scope}`,
      API_SCOPES.filter((s) => s !== scope && (!scope.endsWith(':read') || s !== `${area}:write`)),
    );
  }
});
afterAll(() => t.close());

describe('the public API’s scopes', () => {
  it('covers the customer, staff and vendor areas, and leaves browser-only routes out', () => {
    const listed = new Map(t.app.apiTokens.routes.map((r) => [`${r.method} ${r.url}`, r.scope]));
    expect(listed.get('GET /api/dashboard/user-properties')).toBe('properties:read');
    expect(listed.get('POST /api/dashboard/update-property')).toBe('properties:write');
    expect(listed.get('GET /api/dashboard/orders')).toBe('orders:read');
    expect(listed.get('POST /api/dashboard/invoices/:hash/checkout')).toBe('orders:write');
    expect(listed.get('PUT /api/dashboard/mls-listing/form')).toBe('listings:write');
    expect(listed.get('GET /api/v1/messages/threads')).toBe('messages:read');
    expect(listed.get('POST /api/v1/messages')).toBe('messages:write');
    // /api/v1/messages is v1's own resource now: the browser's routes are not reached from it.
    expect(listed.has('GET /api/messages/threads')).toBe(false);
    expect(listed.get('GET /api/admin/users')).toBe('staff:read');
    expect(listed.get('POST /api/vendor/work-orders/:hash/state')).toBe('vendor:write');
    expect(listed.get('GET /api/user')).toBe('any');
    for (const url of [
      '/api/account/api-tokens',
      '/api/account/password',
      '/api/invitations/accept',
      '/api/stripe/webhook',
    ]) {
      expect(isPublicUrl(url), url).toBe(false);
    }
    expect([...listed.keys()].some((k) => k.includes('/api/account'))).toBe(false);
    expect(listed.size).toBeGreaterThan(150);
  });

  it('refuses every route to a token without its scope, and lets a token with it past', async () => {
    const failures: string[] = [];
    for (const route of t.app.apiTokens.routes) {
      const url = urlOf(route.url);
      const method = route.method as 'GET';
      const payload = method === 'GET' ? undefined : {};
      if (route.scope !== 'any') {
        const refused = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${tokens.get(`without ${route.scope}`)}` },
          ...(payload ? { payload } : {}),
        });
        if (refused.statusCode !== 403 || refused.json().scope !== route.scope) {
          failures.push(
            `${route.method} ${route.url} without ${route.scope}: ${refused.statusCode}`,
          );
        }
      }
      const allowed = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${tokens.get('all')}` },
        ...(payload ? { payload } : {}),
      });
      const body = allowed.headers['content-type']?.includes('json') ? allowed.json() : {};
      if (allowed.statusCode === 401 || body.scope || allowed.headers['api-version'] !== 'v1') {
        failures.push(`${route.method} ${route.url} with every scope: ${allowed.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
