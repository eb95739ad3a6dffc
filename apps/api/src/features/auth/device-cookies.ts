import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"; issue 41,
 * docs/decisions/069-device-cookies-and-early-answers.md): a browser that signed in to an account keeps a
 * signed cookie saying so, and its password sign-ins to that account are throttled per cookie
 * instead of per IP, so failures from a shared address lock out only unknown browsers.
 *
 * The cookie is `nonce.issuedAt.mac`, where mac = HMAC(key, userId.nonce.issuedAt). The account
 * is inside the MAC, not in the cookie: it is checked against the account being signed in to.
 */
export const DEVICE_COOKIE = 'lantern_device';
/** How long a browser stays known after its last sign-in (OWASP: long-lived). */
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60_000;

export interface KnownDevice {
  /** The cookie's random part: the subject its own failures are counted under. */
  nonce: string;
  issuedAt: number;
}

export function createDeviceCookies(sessionSecret: string, now: () => number = Date.now) {
  // A key of its own, so a device cookie's MAC is never a session token's HMAC.
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'lantern', 'device cookies v1', 32));
  const macOf = (userId: number, nonce: string, issuedAt: number) =>
    createHmac('sha256', key).update(`${userId}.${nonce}.${issuedAt}`).digest();

  return {
    /** A new cookie value for a browser that has just signed in as `userId`. */
    issue(userId: number): string {
      const nonce = randomBytes(16).toString('base64url');
      const issuedAt = Math.floor(now() / 1000);
      return `${nonce}.${issuedAt}.${macOf(userId, nonce, issuedAt).toString('base64url')}`;
    },
    /** The device, when `value` is a genuine, unexpired cookie for `userId`; else null. */
    verify(value: string | undefined, userId: number | undefined): KnownDevice | null {
      if (!value || userId === undefined) return null;
      const [nonce, issued, mac, ...rest] = value.split('.');
      if (!nonce || !issued || !mac || rest.length || !/^\d{1,12}$/.test(issued)) return null;
      const issuedAt = Number(issued);
      const age = now() - issuedAt * 1000;
      if (age < -60_000 || age > DEVICE_COOKIE_MAX_AGE_MS) return null;
      const expected = macOf(userId, nonce, issuedAt);
      const given = Buffer.from(mac, 'base64url');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { nonce, issuedAt };
    },
  };
}
export type DeviceCookies = ReturnType<typeof createDeviceCookies>;
