import { PASSWORD_RESET_MESSAGES, PASSWORD_RESET_PATHS, WS_CLOSE } from '@lantern/contracts';
import { passwordResets, rateLimits } from '@lantern/db';
import { PATHS } from '@lantern/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  digest,
  parseSplitToken,
  verifierMatches,
} from '../src/features/account/password-reset/tokens.ts';
import { BROWSER, buildTestApp, sessionCookie, type TestApp } from './helpers/build-test-app.ts';
import { signInAgain, signUpUser } from './helpers/dashboard-fixtures.ts';
import { startSmtpServer } from './helpers/smtp.ts';
import { openSocket } from './helpers/ws-client.ts';

const NEW_PASSWORD = 'a brand new passphrase here';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let base: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailUrl: smtp.url, jobsPollMs: 0 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Each test gets its own client IP, so the per-IP limit of one test never spills into another. */
let ipCounter = 1;
const nextIp = () => `10.0.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;

function requestReset(email: string, ip = nextIp()) {
  return t.app.inject({
    method: 'POST',
    url: PASSWORD_RESET_PATHS.request,
    headers: BROWSER,
    remoteAddress: ip,
    payload: { email },
  });
}

/** The reset link in the newest mail to `email` (quoted-printable soft breaks undone). */
async function resetLinkFor(email: string, skip = 0): Promise<URL> {
  for (let i = 0; i < 250; i++) {
    // Sign-up also mails a verification link; only reset mails count here.
    const mails = smtp.mails.filter(
      (m) => m.to.includes(email) && /Subject: Reset your/.test(m.raw),
    );
    if (mails.length > skip) {
      const text = (mails.at(-1)?.raw ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const match = /https?:\/\/[^\s"<>]+\/password\/reset#token=[A-Za-z0-9_.%-]+/.exec(text);
      if (!match) throw new Error('no reset link in the mail');
      return new URL(match[0]);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${email}`);
}

const tokenOf = (link: URL) => new URLSearchParams(link.hash.slice(1)).get('token') ?? '';

/**
 * Where the browser ends up after opening a link (or a bare token): the reset page checks the
 * fragment's token with the server and stays, or moves to the incorrect link or account page.
 */
async function landing(link: URL | string, cookie?: string): Promise<string> {
  const token = typeof link === 'string' ? link : tokenOf(link);
  const res = await t.app.inject({
    method: 'POST',
    url: PASSWORD_RESET_PATHS.check,
    headers: cookie ? { ...BROWSER, cookie } : BROWSER,
    payload: { token },
  });
  if (res.statusCode === 204) return PASSWORD_RESET_PATHS.resetPage;
  if (res.statusCode === 410) return PASSWORD_RESET_PATHS.incorrectLink;
  if (res.statusCode === 403) return PASSWORD_RESET_PATHS.incorrectAccount;
  throw new Error(`unexpected ${res.statusCode} ${res.body}`);
}

function reset(token: string, password = NEW_PASSWORD, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: PASSWORD_RESET_PATHS.reset,
    headers: cookie ? { ...BROWSER, cookie } : BROWSER,
    payload: { token, password, password_confirmation: password },
  });
}

function login(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: PATHS.login,
    headers: BROWSER,
    remoteAddress: nextIp(),
    payload: { email, password },
  });
}

describe('asking for a reset link', () => {
  it('answers the same whether or not the email has an account, and mails only real accounts', async () => {
    const user = await signUpUser(t.app, 'reset-known');
    const known = await requestReset(user.email);
    const unknown = await requestReset(`nobody.${Date.now()}@example.com`);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.sent });
    const link = await resetLinkFor(user.email);
    expect(link.origin).toBe('http://localhost:3000');
    const mail = smtp.mails.find((m) => m.to.includes(user.email) && /Reset your/.test(m.raw));
    expect(mail?.raw).toMatch(/Subject: Reset your Lantern password/);
    expect(mail?.raw).toMatch(/Content-Type: text\/html/);
    expect(smtp.mails.filter((m) => m.to.some((to) => to.startsWith('nobody.')))).toHaveLength(0);
  });

  it('stores only a digest of the secret half of the token', async () => {
    const user = await signUpUser(t.app, 'reset-hashed');
    await requestReset(user.email);
    const token = tokenOf(await resetLinkFor(user.email));
    const parts = parseSplitToken(token);
    if (!parts) throw new Error('malformed token in mail');
    const rows = await t.app.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.verifierHash).toBe(digest(parts.verifier));
    expect(JSON.stringify(rows)).not.toContain(parts.verifier);
  });

  it('allows one request a minute per email, whatever the IP address, known or not', async () => {
    const user = await signUpUser(t.app, 'reset-minute');
    expect((await requestReset(user.email)).statusCode).toBe(202);
    const again = await requestReset(user.email.toUpperCase());
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    const ghost = `ghost.${Date.now()}@example.com`;
    expect((await requestReset(ghost)).statusCode).toBe(202);
    expect((await requestReset(ghost)).statusCode).toBe(429);
    // Once the minute is over another link may be sent.
    await t.app.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} like 'pwreset-email:%'`);
    expect((await requestReset(user.email)).statusCode).toBe(202);
  });

  it('limits requests per IP address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      expect((await requestReset(`many.${i}.${Date.now()}@example.com`, ip)).statusCode).toBe(202);
    }
    expect((await requestReset(`many.last.${Date.now()}@example.com`, ip)).statusCode).toBe(429);
  });

  it('rejects a malformed email with the usual field error', async () => {
    const res = await requestReset('not-an-email');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toBeDefined();
  });
});

describe('following the link', () => {
  it('opens the new-password page with the token in the fragment, which the page checks', async () => {
    const user = await signUpUser(t.app, 'reset-follow');
    await requestReset(user.email);
    const link = await resetLinkFor(user.email);
    expect(link.pathname).toBe(PASSWORD_RESET_PATHS.resetPage);
    expect(link.search).toBe('');
    expect(await landing(link)).toBe(PASSWORD_RESET_PATHS.resetPage);
  });

  it('still takes the older form of the link, moving its token into the fragment', async () => {
    const user = await signUpUser(t.app, 'reset-older-link');
    await requestReset(user.email);
    const token = tokenOf(await resetLinkFor(user.email));
    const res = await t.app.inject({ method: 'GET', url: PASSWORD_RESET_PATHS.link(token) });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `${PASSWORD_RESET_PATHS.resetPage}#token=${encodeURIComponent(token)}`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const bad = await t.app.inject({ method: 'GET', url: PASSWORD_RESET_PATHS.link('nonsense') });
    expect(bad.headers.location).toBe(PASSWORD_RESET_PATHS.incorrectLink);
  });

  it('sends a malformed, unknown or tampered link to the incorrect link page', async () => {
    const user = await signUpUser(t.app, 'reset-tamper');
    await requestReset(user.email);
    const token = tokenOf(await resetLinkFor(user.email));
    const [selector, verifier = ''] = token.split('.');
    const flipped = `${selector}.${verifier.slice(0, -1)}${verifier.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of ['nonsense', `${'A'.repeat(16)}.${'B'.repeat(43)}`, flipped]) {
      expect(await landing(bad)).toBe(PASSWORD_RESET_PATHS.incorrectLink);
      expect((await reset(bad)).statusCode).toBe(410);
    }
    // The genuine link still works after the attempts.
    expect(await landing(token)).toBe(PASSWORD_RESET_PATHS.resetPage);
  });

  it('sends a link for another account than the one signed in to the incorrect account page', async () => {
    const owner = await signUpUser(t.app, 'reset-owner');
    const other = await signUpUser(t.app, 'reset-other');
    await requestReset(owner.email);
    const link = await resetLinkFor(owner.email);
    expect(await landing(link, other.cookie)).toBe(PASSWORD_RESET_PATHS.incorrectAccount);
    const post = await reset(tokenOf(link), NEW_PASSWORD, other.cookie);
    expect(post.statusCode).toBe(403);
    expect(post.json().message).toBe(PASSWORD_RESET_MESSAGES.incorrectAccount);
    // The owner's own session is welcome.
    expect(await landing(link, owner.cookie)).toBe(PASSWORD_RESET_PATHS.resetPage);
  });

  it('sends an expired link to the incorrect link page', async () => {
    const user = await signUpUser(t.app, 'reset-expired');
    await requestReset(user.email);
    const link = await resetLinkFor(user.email);
    await t.app.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user.userId));
    expect(await landing(link)).toBe(PASSWORD_RESET_PATHS.incorrectLink);
    expect((await reset(tokenOf(link))).statusCode).toBe(410);
  });

  it('expires links after 60 minutes', async () => {
    const user = await signUpUser(t.app, 'reset-ttl');
    await requestReset(user.email);
    await resetLinkFor(user.email);
    const [row] = await t.app.db
      .select({
        minutes: sql<number>`round(extract(epoch from (${passwordResets.expiresAt} - ${passwordResets.createdAt})) / 60)::int`,
      })
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.userId));
    expect(row?.minutes).toBe(60);
  });

  it('voids an earlier link when a new one is sent', async () => {
    const user = await signUpUser(t.app, 'reset-newer');
    await requestReset(user.email);
    const first = await resetLinkFor(user.email);
    await t.app.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} like 'pwreset-email:%'`);
    await requestReset(user.email);
    const second = await resetLinkFor(user.email, 1);
    expect(second.hash).not.toBe(first.hash);
    expect(await landing(first)).toBe(PASSWORD_RESET_PATHS.incorrectLink);
    expect(await landing(second)).toBe(PASSWORD_RESET_PATHS.resetPage);
  });
});

describe('choosing the new password', () => {
  it('changes the password once, ends every other session with Logout, and mails a notice', async () => {
    const user = await signUpUser(t.app, 'reset-done');
    const otherBrowser = await signInAgain(t.app, user.email);
    const tab = await openSocket(base, { cookie: user.cookie });
    const elsewhere = await openSocket(base, { cookie: otherBrowser });
    for (const s of [tab, elsewhere]) await s.subscribe(`user.${user.hash}`);

    await requestReset(user.email);
    const token = tokenOf(await resetLinkFor(user.email));
    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect: `${PATHS.login}?reset=1` });

    for (const s of [tab, elsewhere]) {
      expect(await s.next((m) => m.type === 'event')).toEqual({
        type: 'event',
        channel: `user.${user.hash}`,
        event: 'Logout',
        data: {},
      });
      expect((await s.closed).code).toBe(WS_CLOSE.sessionEnded);
    }
    for (const cookie of [user.cookie, otherBrowser]) {
      const me = await t.app.inject({ method: 'GET', url: PATHS.apiUser, headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }

    // Old password refused, new one accepted.
    expect((await login(user.email, 'a long and unusual passphrase')).statusCode).toBe(422);
    const signedIn = await login(user.email, NEW_PASSWORD);
    expect(signedIn.statusCode).toBe(200);
    expect(sessionCookie(signedIn)).toBeTruthy();

    // The link works once.
    const again = await reset(token, 'yet another fine passphrase');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(PASSWORD_RESET_MESSAGES.incorrectLink);
    expect(await landing(token)).toBe(PASSWORD_RESET_PATHS.incorrectLink);

    const notice = await (async () => {
      for (let i = 0; i < 250; i++) {
        const m = smtp.mails.find(
          (x) =>
            x.to.includes(user.email) && /Subject: Your Lantern password was changed/.test(x.raw),
        );
        if (m) return m;
        await new Promise((r) => setTimeout(r, 20));
      }
      return undefined;
    })();
    expect(notice).toBeDefined();
  });

  it('keeps the session of the same user who follows the link while signed in', async () => {
    const user = await signUpUser(t.app, 'reset-same');
    const otherBrowser = await signInAgain(t.app, user.email);
    await requestReset(user.email);
    const token = tokenOf(await resetLinkFor(user.email));
    const res = await reset(token, NEW_PASSWORD, user.cookie);
    expect(res.json()).toEqual({ redirect: PATHS.dashboard });
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: PATHS.apiUser, headers: { cookie } });
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(otherBrowser)).statusCode).toBe(401);
  });

  it('lets only one of two simultaneous submits of one link through', async () => {
    const user = await signUpUser(t.app, 'reset-race');
    await requestReset(user.email);
    const token = tokenOf(await resetLinkFor(user.email));
    const results = await Promise.all([
      reset(token, 'first racing passphrase'),
      reset(token, 'second racing passphrase'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410]);
  });

  it('checks the new password like sign-up does, without using up the link', async () => {
    const user = await signUpUser(t.app, 'reset-rules');
    await requestReset(user.email);
    const token = tokenOf(await resetLinkFor(user.email));
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toBeDefined();
    const common = await reset(token, 'password123');
    expect(common.statusCode).toBe(422);
    const differ = await t.app.inject({
      method: 'POST',
      url: PASSWORD_RESET_PATHS.reset,
      headers: BROWSER,
      payload: { token, password: NEW_PASSWORD, password_confirmation: `${NEW_PASSWORD}!` },
    });
    expect(differ.statusCode).toBe(422);
    expect(differ.json().errors.password_confirmation).toEqual([
      PASSWORD_RESET_MESSAGES.passwordsDiffer,
    ]);
    expect((await reset(token)).statusCode).toBe(200);
  });

  it('refuses a cross-site submit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: PASSWORD_RESET_PATHS.reset,
      headers: { 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example' },
      payload: { token: 'x', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('token comparison', () => {
  it('accepts only the exact verifier, comparing fixed-length digests', () => {
    const stored = digest('the-verifier');
    expect(verifierMatches('the-verifier', stored)).toBe(true);
    expect(verifierMatches('the-verifiex', stored)).toBe(false);
    expect(verifierMatches('', stored)).toBe(false);
    // A stored value of another length is refused rather than compared (timingSafeEqual throws on it).
    expect(verifierMatches('the-verifier', 'short')).toBe(false);
  });
});
