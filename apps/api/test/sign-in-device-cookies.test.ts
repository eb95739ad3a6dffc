import { TWO_FACTOR_PATHS } from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/features/auth/throttle/limits.ts';
import { BROWSER, buildTestApp, type TestApp, uniqueEmail } from './helpers/build-test-app.ts';
import { signUpUser } from './helpers/dashboard-fixtures.ts';

/**
 * Issue 41, item 1: OWASP's device cookies. Failed sign-ins from one address lock that address
 * out, but a browser that signed in to an account before keeps signing in to it; its own
 * failures count against its cookie, and the per-account limit still holds.
 */
const PASSWORD = 'a long and unusual passphrase';
const DEVICE = 'lantern_device';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, ip: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: PATHS.login,
    headers: cookie ? { ...BROWSER, cookie } : BROWSER,
    remoteAddress: ip,
    payload: { email, password },
  });

function deviceCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const found = res.cookies.find((c) => c.name === DEVICE);
  if (!found) throw new Error('no device cookie');
  return `${DEVICE}=${found.value}`;
}

/** An account and the device cookie of a browser that signed in to it, from `ip`. */
async function knownBrowser(tag: string, ip: string) {
  const user = await signUpUser(t.app, tag);
  const res = await login(user.email, PASSWORD, ip);
  expect(res.statusCode).toBe(200);
  return { ...user, device: deviceCookie(res) };
}

/** Lock `ip` out with failed sign-ins to accounts that do not exist. */
async function lockOut(ip: string) {
  for (let i = 0; i < LIMITS.signInFailuresPerIp.max; i++) {
    expect((await login(uniqueEmail('spray'), 'wrong one', ip)).statusCode).toBe(422);
  }
}

describe('device cookies', () => {
  it('sets an httpOnly, long-lived device cookie with the session', async () => {
    const res = await login((await signUpUser(t.app, 'cookie-attrs')).email, PASSWORD, '10.41.0.1');
    const cookie = res.cookies.find((c) => c.name === DEVICE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: PATHS.login });
    expect(cookie?.maxAge).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
  });

  it('lets a known browser sign in from an address that is locked out; others are refused', async () => {
    const ip = '10.41.1.1';
    const x = await knownBrowser('device-x', ip);
    const other = await signUpUser(t.app, 'device-other');
    await lockOut(ip);
    // Without a device cookie: refused, right password or not.
    expect((await login(x.email, PASSWORD, ip)).statusCode).toBe(429);
    // With X's device cookie: signs in to X, and only to X.
    const signedIn = await login(x.email, PASSWORD, ip, x.device);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.cookies.some((c) => c.name === 'lantern_session' && c.value)).toBe(true);
    expect((await login(other.email, PASSWORD, ip, x.device)).statusCode).toBe(429);
    // A forged or altered cookie is no cookie.
    const forged = `${x.device.slice(0, -4)}AAAA`;
    expect((await login(x.email, PASSWORD, ip, forged)).statusCode).toBe(429);
  });

  it("counts a known browser's failures against its cookie, not the address", async () => {
    const ip = '10.41.2.1';
    const x = await knownBrowser('device-typos', ip);
    const typos = LIMITS.signInFailures.max - 1;
    for (let i = 0; i < typos; i++) {
      expect((await login(x.email, 'wrong one', ip, x.device)).statusCode).toBe(422);
    }
    // The address still has its whole allowance for unknown browsers.
    for (let i = 0; i < LIMITS.signInFailuresPerIp.max - 1; i++) {
      expect((await login(uniqueEmail('typo'), 'wrong one', ip)).statusCode).toBe(422);
    }
    expect((await login(x.email, PASSWORD, ip, x.device)).statusCode).toBe(200);
  });

  it('locks out a device cookie itself after its own failures', async () => {
    const ip = '10.41.3.1';
    const x = await knownBrowser('device-locked', ip);
    let ipNumber = 10;
    for (let i = 0; i < LIMITS.signInFailuresPerDevice.max; i++) {
      // Each failure from another address, so neither the IP nor the per-account limit stops it.
      const res = await login(x.email, 'wrong one', `10.41.3.${ipNumber++}`, x.device);
      expect(res.statusCode).toBe(422);
    }
    expect((await login(x.email, PASSWORD, `10.41.3.${ipNumber++}`, x.device)).statusCode).toBe(
      429,
    );
    // The account itself is not locked: a browser without that cookie still signs in.
    expect((await login(x.email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('still applies the per-account limit to a known browser', async () => {
    const ip = '10.41.4.1';
    const x = await knownBrowser('device-account', ip);
    for (let i = 0; i < LIMITS.signInFailures.max; i++) {
      expect((await login(x.email, 'wrong one', ip, x.device)).statusCode).toBe(422);
    }
    expect((await login(x.email, PASSWORD, ip, x.device)).statusCode).toBe(429);
  });

  it('sets the device cookie after the two-step code, never with the waiting sign-in', async () => {
    const ip = '10.41.5.1';
    const user = await signUpUser(t.app, 'device-2fa');
    const post = (url: string, payload: object, cookie: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...BROWSER, cookie },
        remoteAddress: ip,
        payload,
      });
    const setup = await post(TWO_FACTOR_PATHS.setup, {}, user.cookie);
    const { secret } = setup.json() as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const code = (offset: number) => totp.generate({ timestamp: Date.now() + offset * 30_000 });
    expect((await post(TWO_FACTOR_PATHS.confirm, { code: code(-1) }, user.cookie)).statusCode).toBe(
      200,
    );
    const waiting = await login(user.email, PASSWORD, ip);
    expect(waiting.json()).toMatchObject({ twoFactor: true });
    expect(waiting.cookies.some((c) => c.name === DEVICE)).toBe(false);
    const challenge = waiting.cookies.find((c) => c.name === 'lantern_2fa');
    const done = await post(
      TWO_FACTOR_PATHS.challenge,
      { code: code(0) },
      `lantern_2fa=${challenge?.value}`,
    );
    expect(done.statusCode).toBe(200);
    expect(deviceCookie(done)).toMatch(/^lantern_device=.+/);
  });
});
