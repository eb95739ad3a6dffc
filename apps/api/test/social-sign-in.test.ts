import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SOCIAL_DISPLAY_ERRORS,
  SOCIAL_ERRORS,
  type TSocialProvider,
  ZSocialProvidersSchema,
} from '@lantern/contracts';
import { identities, oauthAttempts, users } from '@lantern/db';
import { eq, sql } from 'drizzle-orm';
import { generateKeyPair, SignJWT } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env.ts';
import type { SocialConfig } from '../src/features/account/oidc/config.ts';
import { MICROSOFT_CONSUMER_TENANT } from '../src/features/account/oidc/verify-id-token.ts';
import {
  BROWSER,
  buildTestApp,
  ORIGIN,
  sessionCookie,
  type TestApp,
  uniqueEmail,
} from './helpers/build-test-app.ts';

/**
 * Social sign-in against local OIDC providers that sign real JWTs (oauth2-mock-server), one per
 * provider, standing in for each provider's issuer and JWKS.
 */
const TENANT = '11111111-2222-3333-4444-555555555555';
const OTHER_TENANT = '99999999-8888-7777-6666-555555555555';
const CLIENT = { apple: 'com.example.lantern', google: 'google-client-id', microsoft: 'ms-client' };

const servers = {} as Record<TSocialProvider, OAuth2Server>;
let t: TestApp;

function social(): SocialConfig {
  const base = (p: TSocialProvider) => servers[p].issuer.url as string;
  return {
    apple: {
      clientId: CLIENT.apple,
      issuers: [base('apple')],
      jwksUri: `${base('apple')}/jwks`,
      authorizationEndpoint: `${base('apple')}/authorize`,
    },
    google: {
      clientId: CLIENT.google,
      issuers: [base('google')],
      jwksUri: `${base('google')}/jwks`,
      authorizationEndpoint: `${base('google')}/authorize`,
    },
    microsoft: {
      clientId: CLIENT.microsoft,
      issuers: [`${base('microsoft')}/{tenantid}/v2.0`],
      jwksUri: `${base('microsoft')}/jwks`,
      authorizationEndpoint: `${base('microsoft')}/authorize`,
      tokenEndpoint: `${base('microsoft')}/token`,
      tenants: [TENANT, MICROSOFT_CONSUMER_TENANT],
    },
  };
}

beforeAll(async () => {
  for (const p of ['apple', 'google', 'microsoft'] as const) {
    const server = new OAuth2Server();
    await server.issuer.keys.generate('RS256');
    await server.start(0, '127.0.0.1');
    servers[p] = server;
  }
  t = await buildTestApp({ social: social() });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all(Object.values(servers).map((s) => s.stop()));
});

type Claims = Record<string, unknown>;

/** An ID token from the provider's own key, with the claims a real one carries unless overridden. */
function idToken(provider: TSocialProvider, claims: Claims, expiresIn = 600): Promise<string> {
  const server = servers[provider];
  return server.issuer.buildToken({
    expiresIn,
    scopesOrTransform: (_header, payload) => {
      Object.assign(payload, defaults(provider), claims);
    },
  });
}

function defaults(provider: TSocialProvider): Claims {
  const base = { aud: CLIENT[provider], sub: `sub-${Math.random()}` };
  if (provider !== 'microsoft') return base;
  return { ...base, tid: TENANT, iss: `${servers.microsoft.issuer.url}/${TENANT}/v2.0` };
}

async function startAttempt(provider: TSocialProvider, app = t.app) {
  const res = await app.inject({
    method: 'POST',
    url: '/account/social/attempts',
    headers: BROWSER,
    payload: { provider },
  });
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === 'lantern_oauth');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/account', maxAge: 600 });
  const { state, nonce } = res.json() as { state: string; nonce: string };
  return { state, nonce, cookie: `lantern_oauth=${cookie?.value}` };
}

function payloadFor(provider: TSocialProvider, token: string, state: string) {
  if (provider === 'apple') return { user: '', code: 'c0de', id_token: token, state };
  if (provider === 'google') return { credential: token, select_by: 'btn' };
  return { token };
}

function login(provider: TSocialProvider, payload: object, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/account/login/${provider}`,
    headers: { ...BROWSER, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

/** A whole sign-in: a new attempt, then a token carrying its nonce plus `claims`. */
async function signIn(provider: TSocialProvider, claims: Claims, extraCookie = '') {
  const a = await startAttempt(provider);
  const token = await idToken(provider, { nonce: a.nonce, ...claims });
  const cookie = extraCookie ? `${a.cookie}; ${extraCookie}` : a.cookie;
  return login(provider, payloadFor(provider, token, a.state), cookie);
}

function me(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
}

const verified = (email: string) => ({ email, email_verified: true });

describe('GET /api/auth/providers', () => {
  it('answers the public settings of each configured provider, nothing secret', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.statusCode).toBe(200);
    const body = ZSocialProvidersSchema.parse(res.json());
    expect(body.providers.map((p) => p.id)).toEqual(['apple', 'google', 'microsoft']);
    expect(body.providers[0]).toEqual({
      id: 'apple',
      name: 'Apple',
      clientId: CLIENT.apple,
      authorizationEndpoint: `${servers.apple.issuer.url}/authorize`,
      redirectUri: `${ORIGIN}/account/social/apple/callback`,
    });
    expect(body.providers[1]?.redirectUri).toBe(`${ORIGIN}/account/social-callback`);
    expect(body.providers[2]?.tokenEndpoint).toBe(`${servers.microsoft.issuer.url}/token`);
    expect(res.body).not.toContain('tenant');
  });
});

describe.each(['apple', 'google', 'microsoft'] as const)('%s sign-in', (provider) => {
  it('creates an account for a new identity with a verified email and signs in', async () => {
    const email = uniqueEmail(provider);
    const res = await signIn(provider, { ...verified(email), sub: `new-${email}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect: '/dashboard' });
    const user = await me(sessionCookie(res));
    expect(user.json()).toMatchObject({ email, vendor: false, admin: false });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ promoOptin: false, passwordHash: null });
    const links = await t.database.db.select().from(identities).where(eq(identities.email, email));
    expect(links).toMatchObject([{ provider, subject: `new-${email}`, userId: row?.id }]);
    // The attempt was used up and its cookie cleared.
    expect(res.cookies.find((c) => c.name === 'lantern_oauth')?.value).toBe('');
  });

  it('signs a known identity into its user, with a new session id', async () => {
    const email = uniqueEmail(provider);
    const sub = `known-${email}`;
    const first = await signIn(provider, { ...verified(email), sub });
    const firstCookie = sessionCookie(first);
    const hash = (await me(firstCookie)).json().hash;
    // The provider may stop sending the email: the identity alone is enough now.
    const again = await signIn(provider, { sub }, firstCookie);
    expect(again.statusCode).toBe(200);
    const secondCookie = sessionCookie(again);
    expect(secondCookie).not.toBe(firstCookie);
    expect((await me(secondCookie)).json().hash).toBe(hash);
    expect((await me(firstCookie)).statusCode).toBe(401);
  });

  it('links a new identity with a verified email to the existing account', async () => {
    const email = uniqueEmail(`${provider}-link`);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/account/sign-up',
      headers: BROWSER,
      payload: { email, password: 'a long and unusual passphrase', promoOptin: true },
    });
    const hash = (await me(sessionCookie(signUp))).json().hash;
    const res = await signIn(provider, verified(email.toUpperCase()));
    expect(res.statusCode).toBe(200);
    expect((await me(sessionCookie(res))).json()).toMatchObject({ hash, email });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.promoOptin).toBe(true);
    expect(row?.passwordHash).not.toBeNull();
  });

  it('refuses an unverified email with a display_error and creates nothing', async () => {
    const email = uniqueEmail(`${provider}-unverified`);
    const res = await signIn(provider, { email, email_verified: false });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: SOCIAL_ERRORS[provider],
      display_error: SOCIAL_DISPLAY_ERRORS.noVerifiedEmail(provider),
    });
    expect(res.cookies.find((c) => c.name === 'lantern_session')).toBeUndefined();
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('refuses a token without any email the same way', async () => {
    const res = await signIn(provider, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().display_error).toBe(SOCIAL_DISPLAY_ERRORS.noVerifiedEmail(provider));
  });

  it.each([
    ['an expired token', { exp: now() - 3600 }],
    ['a token for another audience', { aud: 'someone-else' }],
    ['a token from another issuer', { iss: 'https://evil.example.com' }],
  ])('refuses %s without a display_error', async (_name, claims) => {
    const res = await signIn(provider, { ...verified(uniqueEmail()), ...claims });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: SOCIAL_ERRORS[provider] });
    expect(res.cookies.find((c) => c.name === 'lantern_session')).toBeUndefined();
  });

  it('refuses a token signed by another key under the same key id', async () => {
    const a = await startAttempt(provider);
    const [real] = servers[provider].issuer.keys.toJSON() as Array<{ kid: string }>;
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({
      ...defaults(provider),
      ...verified(uniqueEmail()),
      nonce: a.nonce,
    })
      .setProtectedHeader({ alg: 'RS256', kid: real?.kid })
      .setIssuer(
        provider === 'microsoft'
          ? (defaults(provider).iss as string)
          : (servers[provider].issuer.url as string),
      )
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);
    const res = await login(provider, payloadFor(provider, forged, a.state), a.cookie);
    expect(res.statusCode).toBe(422);
  });

  it("refuses a token whose nonce is not this attempt's", async () => {
    const a = await startAttempt(provider);
    const token = await idToken(provider, { ...verified(uniqueEmail()), nonce: 'another-nonce' });
    const res = await login(provider, payloadFor(provider, token, a.state), a.cookie);
    expect(res.statusCode).toBe(422);
  });

  it('uses an attempt once: a replay of the same request is refused', async () => {
    const a = await startAttempt(provider);
    const token = await idToken(provider, { ...verified(uniqueEmail()), nonce: a.nonce });
    const payload = payloadFor(provider, token, a.state);
    expect((await login(provider, payload, a.cookie)).statusCode).toBe(200);
    const replay = await login(provider, payload, a.cookie);
    expect(replay.statusCode).toBe(422);
    // Nor does the token work with a fresh attempt: its nonce belongs to the used one.
    const b = await startAttempt(provider);
    expect((await login(provider, payloadFor(provider, token, b.state), b.cookie)).statusCode).toBe(
      422,
    );
  });

  it('refuses without an attempt, with an expired one, or with one for another provider', async () => {
    const token = await idToken(provider, verified(uniqueEmail()));
    expect((await login(provider, payloadFor(provider, token, 'x'.repeat(21)))).statusCode).toBe(
      422,
    );

    const expired = await startAttempt(provider);
    await t.database.db
      .update(oauthAttempts)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oauthAttempts.state, expired.state));
    const late = await idToken(provider, { ...verified(uniqueEmail()), nonce: expired.nonce });
    const lateRes = await login(
      provider,
      payloadFor(provider, late, expired.state),
      expired.cookie,
    );
    expect(lateRes.statusCode).toBe(422);

    const other = provider === 'google' ? 'apple' : 'google';
    const wrong = await startAttempt(other);
    const crossed = await idToken(provider, { ...verified(uniqueEmail()), nonce: wrong.nonce });
    const crossedRes = await login(
      provider,
      payloadFor(provider, crossed, wrong.state),
      wrong.cookie,
    );
    expect(crossedRes.statusCode).toBe(422);
  });

  it('is refused without our X-Requested-With and Origin (CSRF)', async () => {
    const a = await startAttempt(provider);
    const token = await idToken(provider, { ...verified(uniqueEmail()), nonce: a.nonce });
    const res = await t.app.inject({
      method: 'POST',
      url: `/account/login/${provider}`,
      headers: { cookie: a.cookie, origin: 'https://evil.example.com' },
      payload: payloadFor(provider, token, a.state),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('Apple state', () => {
  it('is 21 characters, random per attempt', async () => {
    const a = await startAttempt('apple');
    const b = await startAttempt('apple');
    expect(a.state).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(a.state).not.toBe(b.state);
    expect(a.nonce).not.toBe(b.nonce);
  });

  it('must equal the attempt state; a mismatch uses the attempt up', async () => {
    const a = await startAttempt('apple');
    const token = await idToken('apple', { ...verified(uniqueEmail()), nonce: a.nonce });
    const wrong = await login(
      'apple',
      payloadFor('apple', token, `${a.state.slice(1)}x`),
      a.cookie,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: SOCIAL_ERRORS.apple });
    const right = await login('apple', payloadFor('apple', token, a.state), a.cookie);
    expect(right.statusCode).toBe(422);
  });

  it('accepts email_verified sent as the string "true"', async () => {
    const email = uniqueEmail('apple-string');
    const res = await signIn('apple', { email, email_verified: 'true', is_private_email: 'true' });
    expect(res.statusCode).toBe(200);
  });
});

describe("Apple's form_post callback", () => {
  it('relays the posted fields to the callback page, from a cross-site form, without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/social/apple/callback',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://appleid.apple.com',
      },
      payload: 'code=c1&id_token=a.b.c&state=s21&user=%7B%22name%22%3A1%7D&extra=dropped',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      '/account/social-callback#provider=apple&code=c1&id_token=a.b.c&state=s21&user=%7B%22name%22%3A1%7D',
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.cookies).toEqual([]);
  });

  it('relays an error too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/social/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'error=user_cancelled_authorize&state=s',
    });
    expect(res.headers.location).toBe(
      '/account/social-callback#provider=apple&state=s&error=user_cancelled_authorize',
    );
  });

  it('does not make the JSON sign-in routes accept form posts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/login/apple',
      headers: { ...BROWSER, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id_token=a.b.c&state=s',
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('Microsoft tenants', () => {
  it('refuses a tenant that is not configured, even with a matching issuer', async () => {
    const res = await signIn('microsoft', {
      ...verified(uniqueEmail()),
      tid: OTHER_TENANT,
      iss: `${servers.microsoft.issuer.url}/${OTHER_TENANT}/v2.0`,
    });
    expect(res.statusCode).toBe(422);
  });

  it("refuses an issuer that names another tenant than the token's tid", async () => {
    const res = await signIn('microsoft', {
      ...verified(uniqueEmail()),
      tid: TENANT,
      iss: `${servers.microsoft.issuer.url}/${MICROSOFT_CONSUMER_TENANT}/v2.0`,
    });
    expect(res.statusCode).toBe(422);
  });

  it('treats the email as verified with xms_edov or from a personal account, not otherwise', async () => {
    const plain = await signIn('microsoft', { email: uniqueEmail() });
    expect(plain.json().display_error).toBe(SOCIAL_DISPLAY_ERRORS.noVerifiedEmail('microsoft'));
    const edov = await signIn('microsoft', { email: uniqueEmail(), xms_edov: true });
    expect(edov.statusCode).toBe(200);
    const personal = await signIn('microsoft', {
      email: uniqueEmail(),
      tid: MICROSOFT_CONSUMER_TENANT,
      iss: `${servers.microsoft.issuer.url}/${MICROSOFT_CONSUMER_TENANT}/v2.0`,
    });
    expect(personal.statusCode).toBe(200);
  });
});

describe('Microsoft alone, with keys that cannot be fetched', () => {
  // One extra app for both cases: building one is the slow part of this file.
  let bare: TestApp;
  let broken: Server;
  beforeAll(async () => {
    // A key endpoint that is up but failing, as during a provider outage.
    broken = createServer((_req, res) => res.writeHead(500).end());
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    const { port } = broken.address() as AddressInfo;
    const microsoft = social().microsoft;
    if (!microsoft) throw new Error('microsoft settings missing');
    bare = await buildTestApp({
      social: { microsoft: { ...microsoft, jwksUri: `http://127.0.0.1:${port}/jwks` } },
    });
  }, 60_000);
  afterAll(async () => {
    await bare?.close();
    broken?.close();
  });

  it('lists only Microsoft, and every endpoint of the unconfigured ones answers 404', async () => {
    const list = await bare.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(list.json()).toEqual({ providers: [expect.objectContaining({ id: 'microsoft' })] });
    for (const provider of ['apple', 'google'] as const) {
      const attempt = await bare.app.inject({
        method: 'POST',
        url: '/account/social/attempts',
        headers: BROWSER,
        payload: { provider },
      });
      expect(attempt.statusCode).toBe(404);
      const res = await bare.app.inject({
        method: 'POST',
        url: `/account/login/${provider}`,
        headers: BROWSER,
        payload: payloadFor(provider, 'a.b.c', 'state'),
      });
      expect(res.statusCode).toBe(404);
    }
    const callback = await bare.app.inject({
      method: 'POST',
      url: '/account/social/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'state=s',
    });
    expect(callback.statusCode).toBe(404);
  });

  it('answers 503 rather than blaming the token', async () => {
    const a = await startAttempt('microsoft', bare.app);
    const token = await idToken('microsoft', { ...verified(uniqueEmail()), nonce: a.nonce });
    const res = await bare.app.inject({
      method: 'POST',
      url: '/account/login/microsoft',
      headers: { ...BROWSER, cookie: a.cookie },
      payload: { token },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The sign-in provider could not be reached.' });
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/lantern-cfg' };
  it('offers no provider without a client id, and published endpoints by default', () => {
    expect(loadConfig(base).config.social).toEqual({});
    const { social: s } = loadConfig({ ...base, GOOGLE_CLIENT_ID: 'g' }).config;
    expect(s.google).toEqual({
      clientId: 'g',
      issuers: ['https://accounts.google.com', 'accounts.google.com'],
      jwksUri: 'https://www.googleapis.com/oauth2/v3/certs',
      authorizationEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
    });
  });

  it('needs a tenant list with a Microsoft client id', () => {
    expect(() => loadConfig({ ...base, MICROSOFT_CLIENT_ID: 'm' })).toThrow(/MICROSOFT_TENANTS/);
    const { social: s } = loadConfig({
      ...base,
      MICROSOFT_CLIENT_ID: 'm',
      MICROSOFT_TENANTS: `${TENANT}, ${OTHER_TENANT}`,
    }).config;
    expect(s.microsoft?.tenants).toEqual([TENANT, OTHER_TENANT]);
    expect(s.microsoft?.issuers).toEqual(['https://login.microsoftonline.com/{tenantid}/v2.0']);
  });
});

function now() {
  return Math.floor(Date.now() / 1000);
}
