import {
  EMAIL_VERIFICATION_PATHS,
  RECOVERY_CODE_COUNT,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PATHS,
} from '@lantern/contracts';
import { twoFactorRecoveryCodes, twoFactorSecrets } from '@lantern/db';
import { PATHS } from '@lantern/domain';
import { eq } from 'drizzle-orm';
import { OAuth2Server } from 'oauth2-mock-server';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER,
  buildTestApp,
  sessionCookie,
  type TestApp,
  uniqueEmail,
} from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';

const PASSWORD = 'a long and unusual passphrase';
const GOOGLE_CLIENT = 'google-client-id';

let t: TestApp;
let google: OAuth2Server;

beforeAll(async () => {
  google = new OAuth2Server();
  await google.issuer.keys.generate('RS256');
  await google.start(0, '127.0.0.1');
  const base = google.issuer.url as string;
  t = await buildTestApp({
    social: {
      google: {
        clientId: GOOGLE_CLIENT,
        issuers: [base],
        jwksUri: `${base}/jwks`,
        authorizationEndpoint: `${base}/authorize`,
      },
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

let ipCounter = 1;
const nextIp = () => `10.1.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

const totp = (secret: string) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
/** The code for the step `offset` steps from now (so each use in a test is a fresh step). */
const codeAt = (secret: string, offset = 0) =>
  totp(secret).generate({ timestamp: Date.now() + offset * 30_000 });

function post(url: string, payload: unknown, cookie?: string, ip = '127.0.0.1') {
  return t.app.inject({
    method: 'POST',
    url,
    headers: cookie ? { ...BROWSER, cookie } : BROWSER,
    remoteAddress: ip,
    payload: payload as object,
  });
}

function me(cookie: string) {
  return t.app.inject({ method: 'GET', url: PATHS.apiUser, headers: { cookie } });
}

/** A user with two-factor sign-in on: the secret and the recovery codes. */
async function enrolled(tag: string): Promise<SignedIn & { secret: string; codes: string[] }> {
  const user = await signUpUser(t.app, tag);
  const setup = await post(TWO_FACTOR_PATHS.setup, {}, user.cookie);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = await post(TWO_FACTOR_PATHS.confirm, { code: codeAt(secret, -1) }, user.cookie);
  expect(confirm.statusCode).toBe(200);
  return { ...user, secret, codes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
}

/** The waiting sign-in cookie, as a Cookie header value. */
function challengeCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const c = res.cookies.find((x) => x.name === 'lantern_2fa');
  if (!c?.value) throw new Error('no challenge cookie');
  return `lantern_2fa=${c.value}`;
}

async function passwordLogin(email: string, remember = false, ip = nextIp()) {
  return post(PATHS.login, { email, password: PASSWORD, remember }, undefined, ip);
}

describe('enrolment in Account Settings', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: TWO_FACTOR_PATHS.status });
    expect(res.statusCode).toBe(401);
    expect((await post(TWO_FACTOR_PATHS.setup, {})).statusCode).toBe(401);
  });

  it('gives a secret with its QR code, turns on with a correct code, and answers ten recovery codes', async () => {
    const user = await signUpUser(t.app, 'tfa-enrol');
    const status = await t.app.inject({
      method: 'GET',
      url: TWO_FACTOR_PATHS.status,
      headers: { cookie: user.cookie },
    });
    expect(status.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });

    const setup = await post(TWO_FACTOR_PATHS.setup, {}, user.cookie);
    const body = setup.json() as { secret: string; otpauthUrl: string; qrSvg: string };
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Lantern:/);
    expect(body.otpauthUrl).toContain(`secret=${body.secret}`);
    expect(body.qrSvg).toMatch(/^<svg/);
    // The stored secret is sealed, not the base32 the app was given.
    const [row] = await t.app.db
      .select()
      .from(twoFactorSecrets)
      .where(eq(twoFactorSecrets.userId, user.userId));
    expect(row?.secret).not.toContain(body.secret);
    expect(row?.confirmedAt).toBeNull();

    const wrong = await post(TWO_FACTOR_PATHS.confirm, { code: '000000' }, user.cookie);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([TWO_FACTOR_MESSAGES.codeInvalid]);

    const ok = await post(TWO_FACTOR_PATHS.confirm, { code: codeAt(body.secret) }, user.cookie);
    expect(ok.statusCode).toBe(200);
    const codes = (ok.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    const stored = await t.app.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.userId));
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.replace('-', ''));

    const after = await t.app.inject({
      method: 'GET',
      url: TWO_FACTOR_PATHS.status,
      headers: { cookie: user.cookie },
    });
    expect(after.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    // A second setup cannot replace a confirmed secret.
    expect((await post(TWO_FACTOR_PATHS.setup, {}, user.cookie)).statusCode).toBe(409);
  });

  it('turns off only with a valid code', async () => {
    const user = await enrolled('tfa-off');
    const wrong = await post(TWO_FACTOR_PATHS.disable, { code: '123456' }, user.cookie);
    expect(wrong.statusCode).toBe(422);
    const off = await post(TWO_FACTOR_PATHS.disable, { code: codeAt(user.secret) }, user.cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const login = await passwordLogin(user.email);
    expect(login.json()).toEqual({ redirect: PATHS.dashboard });
    expect(sessionCookie(login)).toBeTruthy();
  });
});

describe('password sign-in of a two-factor user', () => {
  it('answers that a challenge is needed, with no session until the code is accepted', async () => {
    const user = await enrolled('tfa-login');
    const res = await passwordLogin(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect: TWO_FACTOR_PATHS.challenge, twoFactor: true });
    expect(res.cookies.find((c) => c.name === 'lantern_session')).toBeUndefined();
    const waiting = res.cookies.find((c) => c.name === 'lantern_2fa');
    expect(waiting).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: TWO_FACTOR_PATHS.challenge,
    });
    // The waiting cookie is not a session.
    expect((await me(challengeCookie(res))).statusCode).toBe(401);

    const wrong = await post(TWO_FACTOR_PATHS.challenge, { code: '000000' }, challengeCookie(res));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([TWO_FACTOR_MESSAGES.codeInvalid]);

    const ok = await post(
      TWO_FACTOR_PATHS.challenge,
      { code: codeAt(user.secret, 1) },
      challengeCookie(res),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ redirect: PATHS.dashboard });
    expect((await me(sessionCookie(ok))).json()).toMatchObject({ email: user.email });
    expect(ok.cookies.find((c) => c.name === 'lantern_2fa')?.value).toBe('');
    // The waiting sign-in is used up.
    const again = await post(
      TWO_FACTOR_PATHS.challenge,
      { code: codeAt(user.secret, 1) },
      challengeCookie(res),
    );
    expect(again.statusCode).toBe(410);
  });

  it('does not accept the same code twice', async () => {
    const user = await enrolled('tfa-replay');
    const code = codeAt(user.secret, 1);
    const first = await passwordLogin(user.email);
    expect(
      (await post(TWO_FACTOR_PATHS.challenge, { code }, challengeCookie(first))).statusCode,
    ).toBe(200);
    const second = await passwordLogin(user.email);
    expect(
      (await post(TWO_FACTOR_PATHS.challenge, { code }, challengeCookie(second))).statusCode,
    ).toBe(422);
  });

  it('remember me does not skip the challenge, and is kept for the session it starts', async () => {
    const user = await enrolled('tfa-remember');
    const res = await passwordLogin(user.email, true);
    expect(res.json()).toEqual({ redirect: TWO_FACTOR_PATHS.challenge, twoFactor: true });
    expect(res.cookies.find((c) => c.name === 'lantern_session')).toBeUndefined();
    const ok = await post(
      TWO_FACTOR_PATHS.challenge,
      { code: codeAt(user.secret, 1) },
      challengeCookie(res),
    );
    const session = ok.cookies.find((c) => c.name === 'lantern_session');
    expect(session?.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('accepts each recovery code once', async () => {
    const user = await enrolled('tfa-recovery');
    const code = user.codes[3] ?? '';
    const first = await passwordLogin(user.email);
    // Case, spaces and the dash do not matter.
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    const ok = await post(TWO_FACTOR_PATHS.challenge, { code: typed }, challengeCookie(first));
    expect(ok.statusCode).toBe(200);
    const second = await passwordLogin(user.email);
    const reused = await post(TWO_FACTOR_PATHS.challenge, { code }, challengeCookie(second));
    expect(reused.statusCode).toBe(422);
    const status = await t.app.inject({
      method: 'GET',
      url: TWO_FACTOR_PATHS.status,
      headers: { cookie: sessionCookie(ok) },
    });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 9 });
    // Another unused code still works.
    const other = await post(
      TWO_FACTOR_PATHS.challenge,
      { code: user.codes[4] },
      challengeCookie(second),
    );
    expect(other.statusCode).toBe(200);
  });

  it('voids a waiting sign-in after five wrong codes', async () => {
    const user = await enrolled('tfa-five');
    const res = await passwordLogin(user.email);
    const cookie = challengeCookie(res);
    // Each wrong try from a new address, so the per-minute throttle stays out of the way.
    for (let i = 0; i < 4; i++) {
      const wrong = await post(TWO_FACTOR_PATHS.challenge, { code: '000000' }, cookie, nextIp());
      expect(wrong.statusCode).toBe(422);
    }
    const fifth = await post(TWO_FACTOR_PATHS.challenge, { code: '000000' }, cookie, nextIp());
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json().message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
    const late = await post(
      TWO_FACTOR_PATHS.challenge,
      { code: codeAt(user.secret, 1) },
      cookie,
      nextIp(),
    );
    expect(late.statusCode).toBe(410);
  });

  it('is throttled like sign-in: five wrong codes a minute from one address', async () => {
    const user = await enrolled('tfa-throttle');
    const ip = nextIp();
    for (let round = 0; round < 2; round++) {
      const res = await passwordLogin(user.email);
      const cookie = challengeCookie(res);
      const tries = round === 0 ? 4 : 1;
      for (let i = 0; i < tries; i++) {
        expect(
          (await post(TWO_FACTOR_PATHS.challenge, { code: '000000' }, cookie, ip)).statusCode,
        ).toBe(422);
      }
    }
    const res = await passwordLogin(user.email);
    const blocked = await post(
      TWO_FACTOR_PATHS.challenge,
      { code: codeAt(user.secret, 1) },
      challengeCookie(res),
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 410 without a waiting sign-in', async () => {
    const res = await post(TWO_FACTOR_PATHS.challenge, { code: '123456' });
    expect(res.statusCode).toBe(410);
    const forged = await post(
      TWO_FACTOR_PATHS.challenge,
      { code: '123456' },
      `lantern_2fa=${'A'.repeat(43)}`,
    );
    expect(forged.statusCode).toBe(410);
  });
});

describe('social sign-in of a two-factor user', () => {
  async function googleSignIn(email: string) {
    const attempt = await post('/account/social/attempts', { provider: 'google' });
    const cookie = attempt.cookies.find((c) => c.name === 'lantern_oauth');
    const { nonce } = attempt.json() as { nonce: string };
    const token = await google.issuer.buildToken({
      expiresIn: 600,
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, {
          aud: GOOGLE_CLIENT,
          sub: `sub-${email}`,
          email,
          email_verified: true,
          nonce,
        });
      },
    });
    return post(
      '/account/login/google',
      { credential: token, select_by: 'btn' },
      `lantern_oauth=${cookie?.value}`,
    );
  }

  it('answers that a challenge is needed too', async () => {
    const user = await enrolled('tfa-social');
    const res = await googleSignIn(user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect: TWO_FACTOR_PATHS.challenge, twoFactor: true });
    expect(res.cookies.find((c) => c.name === 'lantern_session')).toBeUndefined();
    const ok = await post(
      TWO_FACTOR_PATHS.challenge,
      { code: codeAt(user.secret, 1) },
      challengeCookie(res),
    );
    expect(ok.statusCode).toBe(200);
    expect((await me(sessionCookie(ok))).json()).toMatchObject({ email: user.email });
  });

  it('signs a user without two-factor straight in, with the email the provider verified', async () => {
    const email = uniqueEmail('tfa-social-plain');
    const res = await googleSignIn(email);
    expect(res.json()).toEqual({ redirect: PATHS.dashboard });
    const verification = await t.app.inject({
      method: 'GET',
      url: EMAIL_VERIFICATION_PATHS.status,
      headers: { cookie: sessionCookie(res) },
    });
    expect(verification.json()).toEqual({ email, verified: true });
  });
});
