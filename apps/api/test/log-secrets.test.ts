import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  EMAIL_VERIFICATION_PATHS,
  NEWSLETTER_PATHS,
  PARTICIPANTS_API,
  PASSWORD_RESET_PATHS,
  PHONE_PATHS,
  TWO_FACTOR_PATHS,
} from '@lantern/contracts';
import { INVITATION_PAGE, PATHS } from '@lantern/domain';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  BROWSER,
  createTestDatabase,
  sessionCookie,
  testConfig,
  uniqueEmail,
} from './helpers/build-test-app.ts';
import { addProperty } from './helpers/dashboard-fixtures.ts';

/**
 * Issue 12, item 3: every flow that issues a token or code runs against an app logging at trace
 * level — including a browser following each emailed link, and links in their older forms — and
 * no issued secret may appear anywhere in the log.
 */
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
const secrets = new Map<string, string>();
const keep = (what: string, value: string | undefined | null) => {
  if (!value) throw new Error(`no ${what} was issued`);
  secrets.set(what, value);
  return value;
};

beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  app = await buildApp({
    // Throttles off: one account runs every flow within a minute (throttles have their own tests).
    config: testConfig({ logLevel: 'trace', jobsPollMs: 0, rateLimits: false }),
    database: db.database,
    logger: { level: 'trace', stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await drop();
});

let ip = 1;
const send = (method: string, url: string, payload?: object, cookie?: string) =>
  app.inject({
    method: method as 'GET' | 'POST',
    url,
    headers: cookie ? { ...BROWSER, cookie } : BROWSER,
    remoteAddress: `10.9.0.${ip++}`,
    ...(payload ? { payload } : {}),
  });

/** The files the development mail or text adapter wrote for `to`, newest first. */
function written(folder: 'mail' | 'texts', to: string): string[] {
  const dir = join(app.config.dataDir, folder);
  return existsSync(dir)
    ? readdirSync(dir)
        .sort()
        .reverse()
        .map((f) =>
          readFileSync(join(dir, f), 'utf8')
            .replace(/=\r?\n/g, '')
            .replace(/=3D/g, '='),
        )
        .filter((body) => body.includes(`To: ${to}`))
    : [];
}
const newestText = (to: string) => written('texts', to)[0] ?? '';

/** What a browser sends when it opens a link: never the fragment. */
const requested = (link: string) => {
  const url = new URL(link);
  return url.pathname + url.search;
};
/** The link to `page` in the newest mail to `to` that has one (mail goes out just after a request). */
async function linkTo(to: string, page: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const found = findLink(to, page);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no link to ${page} mailed to ${to}`);
}
function findLink(to: string, page: string): string | null {
  const pattern = new RegExp(`https?://[^\\s"<>]+${page.replaceAll('/', '\\/')}[#?/][^\\s"<>]*`);
  for (const raw of written('mail', to)) {
    const match = pattern.exec(raw);
    if (match) return match[0];
  }
  return null;
}
const tokenIn = (link: string) =>
  decodeURIComponent(/token=([^&\s]+)/.exec(link)?.[1] ?? /\/([^/]+)$/.exec(link)?.[1] ?? '');

describe('secrets never reach the log', () => {
  it('holds for every flow that issues a token, a code or a session', async () => {
    const email = uniqueEmail('logs');
    const password = 'log test passphrase';
    const signUp = await send('POST', PATHS.signUp, { email, password, promoOptin: true });
    const cookie = sessionCookie(signUp);
    keep('session token', cookie.split('=')[1]);
    await send('GET', '/api/user', undefined, cookie);

    // Email verification, as the browser follows the link, and in the link's older form.
    const verifyLink = await linkTo(email, EMAIL_VERIFICATION_PATHS.verify);
    const verifyToken = keep('verification token', tokenIn(verifyLink));
    await send('GET', requested(verifyLink));
    await send('GET', `${EMAIL_VERIFICATION_PATHS.verify}?token=${verifyToken}`);
    expect(
      (await send('POST', EMAIL_VERIFICATION_PATHS.verifyApi, { token: verifyToken })).statusCode,
    ).toBe(200);

    // The promoOptin box's double opt-in.
    const confirmLink = await linkTo(email, NEWSLETTER_PATHS.confirm);
    const newsletterToken = keep('newsletter token', tokenIn(confirmLink));
    await send('GET', requested(confirmLink));
    await send('GET', `${NEWSLETTER_PATHS.confirm}?token=${encodeURIComponent(newsletterToken)}`);
    await send('POST', NEWSLETTER_PATHS.confirmApi, { token: newsletterToken });

    // Password reset by link, and the link's older form.
    await send('POST', PASSWORD_RESET_PATHS.request, { email });
    const resetLink = await linkTo(email, PASSWORD_RESET_PATHS.resetPage);
    const resetToken = keep('reset token', tokenIn(resetLink));
    await send('GET', requested(resetLink));
    await send('GET', PASSWORD_RESET_PATHS.link(resetToken));
    expect((await send('POST', PASSWORD_RESET_PATHS.check, { token: resetToken })).statusCode).toBe(
      204,
    );
    const newPassword = 'another log test passphrase';
    const reset = await send('POST', PASSWORD_RESET_PATHS.reset, {
      token: resetToken,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    keep('password', newPassword);
    const login = await send('POST', PATHS.login, { email, password: newPassword });
    const session = sessionCookie(login);
    keep('second session token', session.split('=')[1]);

    // A verified phone, then a reset PIN by text.
    const phone = '+12025550777';
    await send('POST', PHONE_PATHS.phone, { phone }, session);
    const phoneCode = keep('phone code', /\b(\d{6})\b/.exec(newestText(phone))?.[1]);
    expect((await send('POST', PHONE_PATHS.verify, { code: phoneCode }, session)).statusCode).toBe(
      200,
    );
    await send('POST', PASSWORD_RESET_PATHS.request, { email, via: 'text' });
    const pin = keep('reset PIN', /\b(\d{6})\b/.exec(newestText(phone))?.[1]);
    const pinPassword = 'a third log test passphrase';
    const pinReset = await send('POST', PASSWORD_RESET_PATHS.pinReset, {
      email,
      pin,
      password: pinPassword,
      password_confirmation: pinPassword,
    });
    expect(pinReset.statusCode).toBe(200);
    const third = sessionCookie(await send('POST', PATHS.login, { email, password: pinPassword }));

    // Two-step sign-in: the secret, a code and the recovery codes.
    const setup = await send('POST', TWO_FACTOR_PATHS.setup, {}, third);
    const secret = keep('two-factor secret', (setup.json() as { secret: string }).secret);
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const code = keep('two-factor code', totp.generate());
    const confirmed = await send('POST', TWO_FACTOR_PATHS.confirm, { code }, third);
    const recovery = (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes;
    keep('recovery code', recovery[0]);

    // An invitation: its token rides in the fragment and is accepted by POST.
    const home = await addProperty(app, (await app.users.findByEmail(email))?.id ?? 0);
    const guest = uniqueEmail('logs-guest');
    await send(
      'POST',
      PARTICIPANTS_API.invitations,
      { property: home.hash, email: guest, role: 'buyer' },
      third,
    );
    const inviteLink = await linkTo(guest, INVITATION_PAGE);
    keep('invitation token', tokenIn(inviteLink));
    await send('GET', requested(inviteLink));

    // OAuth-style parameters on the social callback page.
    await send(
      'GET',
      '/account/social-callback?code=oauth-code-secret-1&state=oauth-state-secret-2',
    );
    keep('oauth code', 'oauth-code-secret-1');
    keep('oauth state', 'oauth-state-secret-2');

    // A personal access token (issue 25): made, used as Bearer on /api/v1 (also a refused and an
    // unknown one, and a failed call), revoked.
    const made = await send(
      'POST',
      '/api/account/api-tokens',
      { name: 'Logs', scopes: ['properties:read'], expiresInDays: 7 },
      third,
    );
    const apiToken = keep('api token', made.json().token);
    for (const url of [
      '/api/v1/dashboard/user-properties',
      '/api/v1/dashboard/orders',
      '/api/v1/nope',
    ]) {
      await app.inject({ url, headers: { authorization: `Bearer ${apiToken}` } });
    }
    await app.inject({
      url: '/api/v1/dashboard/user-properties',
      headers: { authorization: `Bearer ${apiToken}x` },
    });
    await send('DELETE', `/api/account/api-tokens/${made.json().apiToken.id}`, undefined, third);
    await app.inject({
      url: '/api/v1/dashboard/user-properties',
      headers: { authorization: `Bearer ${apiToken}` },
    });

    const log = lines.join('');
    expect(log).toContain('"url":"/password/reset/[redacted]"');
    for (const [what, value] of secrets) {
      expect(log.includes(value), `${what} found in the log`).toBe(false);
      if (value.length > 10) {
        expect(log.includes(encodeURIComponent(value)), `${what} (encoded) in the log`).toBe(false);
      }
    }
  });
});
