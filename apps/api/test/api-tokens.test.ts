import { API_TOKEN_RATE_LIMIT, type TApiTokenCreated } from '@lantern/contracts';
import { apiTokens, createDatabase, rateLimits, users } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createApiTokenRepository } from '../src/features/api-tokens/api-tokens.repository.ts';
import { createApiTokenService, hashToken } from '../src/features/api-tokens/api-tokens.ts';
import {
  BROWSER,
  buildTestApp,
  createTestDatabase,
  type TestApp,
  testConfig,
} from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Issue 25: personal access tokens — shown once, stored hashed, acting as their owner within
 * their scopes under /api/v1 only, revoked at once, expiring; the CSRF check still guards cookies.
 */
let t: TestApp;
let owner: SignedIn;

type App = TestApp['app'];
async function createToken(
  app: App,
  cookie: string,
  body: { name?: string; scopes: string[]; expiresInDays?: number },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/api-tokens',
    headers: { ...BROWSER, cookie },
    payload: { name: 'Back office', expiresInDays: 30, ...body },
  });
  return res;
}
async function tokenFor(app: App, cookie: string, scopes: string[]) {
  const res = await createToken(app, cookie, { scopes });
  expect(res.statusCode).toBe(201);
  return res.json<TApiTokenCreated>();
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpUser(t.app, 'tokens');
  await addProperty(t.app, owner.userId, 'seller', { street: '1 Token Way' });
});
afterAll(() => t.close());

describe('token life cycle', () => {
  it('shows a new token once, stores only its hash, and lists it without the token', async () => {
    const created = await tokenFor(t.app, owner.cookie, ['properties:read']);
    expect(created.token).toMatch(/^lnt_[A-Za-z0-9_-]{43}$/);
    expect(created.apiToken).toMatchObject({
      name: 'Back office',
      scopes: ['properties:read'],
      lastUsedAt: null,
      prefix: created.token.slice(0, 10),
    });
    const expires = new Date(created.apiToken.expiresAt).getTime();
    expect(Math.abs(expires - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);

    const [row] = await t.app.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, created.apiToken.id));
    expect(row?.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(10));

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/account/api-tokens',
      headers: { cookie: owner.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token.slice(10));
    expect(list.json().tokens.map((x: { id: number }) => x.id)).toContain(created.apiToken.id);
    expect(list.json().offered).not.toContain('staff:read');
  });

  it('lists the owner’s properties under /api/v1 with the version and rate-limit headers, and records the last use', async () => {
    const { token, apiToken } = await tokenFor(t.app, owner.cookie, ['properties:read']);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/user-properties',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['api-version']).toBe('v1');
    expect(res.headers['ratelimit-limit']).toBe(String(API_TOKEN_RATE_LIMIT.max));
    expect(res.headers['ratelimit-remaining']).toBe(String(API_TOKEN_RATE_LIMIT.max - 1));
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    expect(res.body).toContain('1 Token Way');
    await expect
      .poll(async () => {
        const [row] = await t.app.db.select().from(apiTokens).where(eq(apiTokens.id, apiToken.id));
        return row?.lastUsedAt;
      })
      .not.toBeNull();
  });

  it('never acts with the cookie, and never outside /api/v1', async () => {
    const { token } = await tokenFor(t.app, owner.cookie, ['properties:read']);
    const outside = await t.app.inject({
      method: 'GET',
      url: '/api/dashboard/user-properties',
      headers: bearer(token),
    });
    expect(outside.statusCode).toBe(401);
    // A wrong token with a good cookie is still refused: the header decides.
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/v1/dashboard/user-properties',
      headers: { cookie: owner.cookie, ...bearer('lnt_nope') },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('invalid_token');
  });

  it('keeps browser-only routes off /api/v1: tokens cannot make tokens or change the account', async () => {
    const { token } = await tokenFor(t.app, owner.cookie, ['properties:write', 'orders:write']);
    for (const [method, url] of [
      ['GET', '/api/v1/account/api-tokens'],
      ['POST', '/api/v1/account/api-tokens'],
      ['POST', '/api/v1/account/password'],
      ['GET', '/api/v1/account'],
      ['POST', '/api/v1/invitations/accept'],
      ['GET', '/api/v1/no-such-route'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(token), payload: {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['api-version']).toBe('v1');
    }
  });

  it('revokes at once: the next call is 401', async () => {
    const { token, apiToken } = await tokenFor(t.app, owner.cookie, ['properties:read']);
    const url = '/api/v1/dashboard/user-properties';
    expect((await t.app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
    const other = await signUpUser(t.app, 'not-owner');
    const notTheirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/api-tokens/${apiToken.id}`,
      headers: { ...BROWSER, cookie: other.cookie },
    });
    expect(notTheirs.statusCode).toBe(404);
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/api-tokens/${apiToken.id}`,
      headers: { ...BROWSER, cookie: owner.cookie },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: bearer(token) })).statusCode).toBe(401);
  });

  it('expires: a token past its date is refused, cached or not', async () => {
    const { token, apiToken } = await tokenFor(t.app, owner.cookie, ['properties:read']);
    await t.app.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, apiToken.id));
    const url = '/api/v1/dashboard/user-properties';
    expect((await t.app.inject({ url, headers: bearer(token) })).statusCode).toBe(401);

    // A cached token stops at its expiry without a database read.
    let clock = Date.now();
    const service = createApiTokenService({
      repo: createApiTokenRepository(t.app.db),
      bus: t.app.bus,
      isLocked: async () => false,
      roleOf: async () => ({ staff: false, vendor: false }),
      onError: () => undefined,
      now: () => clock,
    });
    const made = await service.create(owner.userId, {
      name: 'Short',
      scopes: ['properties:read'],
      expiresInDays: 1,
    });
    if (!made.ok) throw new Error(made.message);
    expect(await service.resolve(made.value.token)).not.toBeNull();
    clock += 86_400_000 + 1;
    expect(await service.resolve(made.value.token)).toBeNull();
    service.close();
  });

  it('refuses expiries over a year, scopes the person cannot grant, and an empty scope list', async () => {
    const tooLong = await createToken(t.app, owner.cookie, {
      scopes: ['properties:read'],
      expiresInDays: 366,
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.expiresInDays).toBeDefined();
    const staffScope = await createToken(t.app, owner.cookie, { scopes: ['staff:read'] });
    expect(staffScope.statusCode).toBe(422);
    expect(staffScope.json().message).toContain('staff:read');
    expect((await createToken(t.app, owner.cookie, { scopes: [] })).statusCode).toBe(422);

    const staff = await signUpUser(t.app, 'token-staff');
    await giveStaffRole(t.app, staff.userId, 'owner');
    const { token } = await tokenFor(t.app, staff.cookie, ['staff:read']);
    const users = await t.app.inject({ url: '/api/v1/admin/users', headers: bearer(token) });
    expect(users.statusCode).toBe(200);
  });

  it('stops working when its owner is locked', async () => {
    const person = await signUpUser(t.app, 'token-locked');
    const { token } = await tokenFor(t.app, person.cookie, ['properties:read']);
    const url = '/api/v1/dashboard/user-properties';
    expect((await t.app.inject({ url, headers: bearer(token) })).statusCode).toBe(200);
    await t.app.db.update(users).set({ lockedAt: new Date() }).where(eq(users.id, person.userId));
    await t.app.currentUser.changed(person.userId);
    // The change reaches this instance's cache over the bus (NOTIFY on PostgreSQL).
    await expect
      .poll(async () => (await t.app.inject({ url, headers: bearer(token) })).statusCode)
      .toBe(401);
  });
});

describe('scopes, CSRF and limits', () => {
  it('refuses a call outside the token’s scopes with 403 and the scope it needs; write includes read', async () => {
    const { token } = await tokenFor(t.app, owner.cookie, ['properties:read']);
    const orders = await t.app.inject({ url: '/api/v1/dashboard/orders', headers: bearer(token) });
    expect(orders.statusCode).toBe(403);
    expect(orders.json()).toMatchObject({ scope: 'orders:read' });
    expect(orders.json().detail).toContain('orders:read');
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/property-visibility',
      headers: bearer(token),
      payload: {},
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().scope).toBe('properties:write');

    const writer = await tokenFor(t.app, owner.cookie, ['orders:write']);
    const read = await t.app.inject({
      url: '/api/v1/dashboard/orders',
      headers: bearer(writer.token),
    });
    expect(read.statusCode).not.toBe(403);
  });

  it('skips the CSRF check for Bearer requests only; cookies still need it, under /api/v1 too', async () => {
    const { token } = await tokenFor(t.app, owner.cookie, ['properties:write']);
    const withToken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/property-visibility',
      headers: bearer(token),
      payload: {},
    });
    expect(withToken.statusCode).toBe(422); // reached the route's validation
    for (const url of [
      '/api/v1/dashboard/property-visibility',
      '/api/dashboard/property-visibility',
    ]) {
      const cookieOnly = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: owner.cookie },
        payload: {},
      });
      expect(cookieOnly.statusCode, url).toBe(403);
      // The browser's shape on its route, a problem under /api/v1.
      const { message, detail } = cookieOnly.json();
      expect(message ?? detail).toContain('did not come from this site');
    }
    // A Bearer header outside /api/v1 does not lift the check.
    const outside = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/property-visibility',
      headers: { cookie: owner.cookie, ...bearer(token) },
      payload: {},
    });
    expect(outside.statusCode).toBe(403);
    // The cookie with the browser's headers works on /api/v1 as on the browser's route.
    const browser = await t.app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/property-visibility',
      headers: { ...BROWSER, cookie: owner.cookie },
      payload: {},
    });
    expect(browser.statusCode).toBe(422);
  });

  it('answers 429 with Retry-After once the token used its window', async () => {
    const { token, apiToken } = await tokenFor(t.app, owner.cookie, ['properties:read']);
    await t.app.db.insert(rateLimits).values({
      key: `api-token:${apiToken.id}`,
      count: API_TOKEN_RATE_LIMIT.max,
      resetAt: new Date(Date.now() + 30_000),
    });
    const res = await t.app.inject({
      url: '/api/v1/dashboard/user-properties',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('pages lists by cursor under /api/v1, following Link rel="next"', async () => {
    const person = await signUpUser(t.app, 'token-pages');
    for (const street of ['1 First St', '2 Second St', '3 Third St']) {
      await addProperty(t.app, person.userId, 'seller', { street });
    }
    const { token } = await tokenFor(t.app, person.cookie, ['properties:read']);
    const seen: string[] = [];
    let url: string | null = '/api/v1/dashboard/overview?limit=2';
    let pages = 0;
    while (url) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      const items = res.json().properties as Array<{ hash: string }>;
      expect(items.length).toBeLessThanOrEqual(2);
      seen.push(...items.map((p) => p.hash));
      const link = res.headers.link as string | undefined;
      url = link ? (/<([^>]+)>; rel="next"/.exec(link)?.[1] ?? null) : null;
      expect(url ?? '/api/v1/').toMatch(/^\/api\/v1\//);
      pages++;
    }
    expect(pages).toBe(2);
    expect(new Set(seen).size).toBe(3);
    // The browser's route keeps answering the whole list.
    const whole = await t.app.inject({
      url: '/api/dashboard/overview',
      headers: { cookie: person.cookie },
    });
    expect(whole.json().properties).toHaveLength(3);
    const bad = await t.app.inject({
      url: '/api/v1/dashboard/overview?cursor=%%%',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(422);
  });
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url)('two instances sharing PostgreSQL', () => {
  it('a token revoked on one instance is refused by the other at once', async () => {
    const shared = await createTestDatabase();
    const second = await createDatabase({ url, schemaName: shared.schemaName, poolMax: 4 });
    const config = testConfig();
    const a = await buildApp({ config, database: shared.database, logger: false });
    const b = await buildApp({ config, database: second, logger: false });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const person = await signUpUser(a, 'token-multi');
      const { token, apiToken } = await tokenFor(a, person.cookie, ['properties:read']);
      const path = '/api/v1/dashboard/user-properties';
      // Both instances have it cached.
      expect((await a.inject({ url: path, headers: bearer(token) })).statusCode).toBe(200);
      expect((await b.inject({ url: path, headers: bearer(token) })).statusCode).toBe(200);
      const res = await a.inject({
        method: 'DELETE',
        url: `/api/account/api-tokens/${apiToken.id}`,
        headers: { ...BROWSER, cookie: person.cookie },
      });
      expect(res.statusCode).toBe(200);
      await expect
        .poll(async () => (await b.inject({ url: path, headers: bearer(token) })).statusCode)
        .toBe(401);
    } finally {
      await a.close();
      await b.close();
      await second.close();
      await shared.drop();
    }
  });
});
