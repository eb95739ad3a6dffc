import { MESSAGES } from '@lantern/contracts';
import { users } from '@lantern/db';
import { isCommonPassword } from '@lantern/domain/common-passwords';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER,
  buildTestApp,
  sessionCookie,
  type TestApp,
  uniqueEmail,
} from './helpers/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'a long and unusual passphrase';

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...BROWSER, ...headers },
  });
}
function signUp(
  email: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return post(
    '/account/sign-up',
    { email, password: PASSWORD, remember: false, promoOptin: false, ...extra },
    headers,
  );
}
function me(cookie?: string) {
  return t.app.inject({ method: 'GET', url: '/api/user', headers: cookie ? { cookie } : {} });
}
async function userCount() {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

describe('sign-up', () => {
  it('creates the account, signs in with a browser-session cookie and answers the dashboard', async () => {
    const email = uniqueEmail();
    const res = await signUp(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect: '/dashboard' });
    const cookie = res.cookies.find((c) => c.name === 'lantern_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.maxAge).toBeUndefined();
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 random bits

    const user = await me(sessionCookie(res));
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({
      hash: expect.stringMatching(/^[0-9A-Za-z]{20}$/),
      email,
      properties_relation_count: 0,
      vendor: false,
      admin: false,
    });
  });

  it('keeps a remembered session for 30 days', async () => {
    const res = await signUp(uniqueEmail(), { remember: true });
    const cookie = res.cookies.find((c) => c.name === 'lantern_session');
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('refuses a duplicate email, whatever its case, and creates nothing', async () => {
    const email = uniqueEmail('dup');
    expect((await signUp(email)).statusCode).toBe(200);
    const before = await userCount();
    const res = await signUp(email.toUpperCase());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: MESSAGES.validationFailed,
      errors: { email: [MESSAGES.emailTaken] },
    });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
    [{ email: '' }, 'email', MESSAGES.emailRequired],
    [{ password: 'short' }, 'password', MESSAGES.passwordTooShort],
    [{ password: 'x'.repeat(129) }, 'password', MESSAGES.passwordTooLong],
    [{ password: 'qwertyuiop' }, 'password', MESSAGES.passwordCommon],
  ])('answers 422 for %j and leaves no user behind', async (override, field, message) => {
    const before = await userCount();
    const res = await signUp(uniqueEmail(), override);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect(await userCount()).toBe(before);
  });

  it('checks against the 3,000 most common passwords', () => {
    expect(isCommonPassword('qwertyuiop')).toBe(true);
    expect(isCommonPassword('Password')).toBe(true);
    expect(isCommonPassword(PASSWORD)).toBe(false);
  });

  it('accepts exactly 8 and exactly 128 characters', async () => {
    expect((await signUp(uniqueEmail(), { password: 'Zq7!vR2m' })).statusCode).toBe(200);
    expect((await signUp(uniqueEmail(), { password: 'Zq7!'.repeat(32) })).statusCode).toBe(200);
  });
});

describe('login and logout', () => {
  it('signs in with a new session id each time and signs out', async () => {
    const email = uniqueEmail('login');
    const first = sessionCookie(await signUp(email));
    const res = await post(
      '/account/login',
      { email, password: PASSWORD, remember: false, promoOptin: false },
      { cookie: first },
    );
    expect(res.statusCode).toBe(200);
    const second = sessionCookie(res);
    expect(second).not.toBe(first);
    expect((await me(first)).statusCode).toBe(401); // the old session ended at sign-in
    expect((await me(second)).statusCode).toBe(200);

    const out = await post('/account/logout', {}, { cookie: second });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ redirect: '/' });
    expect((await me(second)).statusCode).toBe(401);
  });

  it('answers GET /api/session with the user or null, never 401, and never cacheable', async () => {
    const session = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/api/session', headers: cookie ? { cookie } : {} });
    const anonymous = await session();
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ user: null });
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    expect((await session('lantern_session=forged-token')).json()).toEqual({ user: null });

    const email = uniqueEmail('session');
    const cookie = sessionCookie(await signUp(email));
    const signedIn = await session(cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ user: (await me(cookie)).json() });
    expect(signedIn.json().user.email).toBe(email);

    await post('/account/logout', {}, { cookie });
    expect((await session(cookie)).json()).toEqual({ user: null });
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const email = uniqueEmail('same');
    await signUp(email);
    const wrong = await post('/account/login', { email, password: 'not the password' });
    const unknown = await post('/account/login', {
      email: uniqueEmail('nobody'),
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({
      message: MESSAGES.invalidCredentials,
      errors: { email: [MESSAGES.invalidCredentials] },
    });
  });

  it('throttles after 5 failures a minute per email and IP, even for the right password', async () => {
    const email = uniqueEmail('throttle');
    await signUp(email);
    for (let i = 0; i < 5; i++) {
      expect(
        (await post('/account/login', { email, password: `wrong-${i}-password` })).statusCode,
      ).toBe(422);
    }
    const blocked = await post('/account/login', { email, password: PASSWORD });
    expect(blocked.statusCode).toBe(429);
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60);
    expect(blocked.json()).toEqual({ message: MESSAGES.tooManyAttempts(retry), retryAfter: retry });
    // Another address is not affected.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      remoteAddress: '203.0.113.9',
      headers: BROWSER,
      payload: { email, password: PASSWORD },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('limits sign-ups per IP', async () => {
    const ip = '198.51.100.7';
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/account/sign-up',
        remoteAddress: ip,
        headers: BROWSER,
        payload: { email: uniqueEmail('burst'), password: 'qwertyuiop' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 422)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});

describe('request rules', () => {
  it('rejects state changes without X-Requested-With or from another origin', async () => {
    const body = { email: uniqueEmail(), password: PASSWORD };
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/account/sign-up',
      payload: body,
      headers: { origin: BROWSER.origin },
    });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json()).toEqual({ message: MESSAGES.csrf });
    const foreign = await post('/account/sign-up', body, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/account/sign-up',
      payload: body,
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(noOrigin.statusCode).toBe(403);
  });

  it('answers 401 in the documented shape without a session or with a forged cookie', async () => {
    expect((await me()).json()).toEqual({ message: MESSAGES.unauthenticated });
    expect((await me('lantern_session=forged')).statusCode).toBe(401);
    expect((await me(`lantern_session=${'A'.repeat(43)}`)).statusCode).toBe(401);
  });

  it('answers malformed JSON, oversized bodies, wrong types and unknown routes with clean 4xx JSON', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/account/login',
      headers: { ...BROWSER, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: MESSAGES.malformedJson });

    const huge = await post('/account/login', {
      email: 'a@b.co',
      password: 'x'.repeat(1024 * 1024 + 10),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: MESSAGES.payloadTooLarge });

    const types = await post('/account/login', { email: 42, password: ['x'], remember: 'yes' });
    expect(types.statusCode).toBe(422);
    expect(Object.keys(types.json().errors).sort()).toEqual(['email', 'password', 'remember']);

    const missing = await post('/account/login', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.email).toEqual([MESSAGES.emailRequired]);

    const unknown = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: MESSAGES.notFound });
    for (const res of [malformed, huge, types, unknown])
      expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('system', () => {
  it('reports health with the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('publishes an OpenAPI document generated from the schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/account/login',
        '/account/sign-up',
        '/account/logout',
        '/api/user',
        '/api/health',
      ]),
    );
    const login = doc.paths['/account/login'].post.requestBody.content['application/json'].schema;
    expect(login.required).toEqual(expect.arrayContaining(['email', 'password']));
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });
});
