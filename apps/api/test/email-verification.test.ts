import { EMAIL_VERIFICATION_MESSAGES, EMAIL_VERIFICATION_PATHS } from '@lantern/contracts';
import { rateLimits, users } from '@lantern/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { signUpUser } from './helpers/dashboard-fixtures.ts';
import { linkToken, startSmtpServer } from './helpers/smtp.ts';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailUrl: smtp.url, jobsPollMs: 0 });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The tokens of the verification links mailed to `email`, oldest first. */
async function verifyLinks(email: string, count = 1): Promise<string[]> {
  for (let i = 0; i < 250; i++) {
    const mails = smtp.mails.filter(
      (m) => m.to.includes(email) && /Subject: Confirm your email/.test(m.raw),
    );
    if (mails.length >= count) {
      return mails.map((m) => linkToken(m.raw, EMAIL_VERIFICATION_PATHS.verify));
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no verification mail to ${email}`);
}

/** What the link's page does with the token from the fragment. */
const follow = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: EMAIL_VERIFICATION_PATHS.verifyApi,
    headers: BROWSER,
    payload: { token },
  });

const status = (cookie: string) =>
  t.app.inject({ method: 'GET', url: EMAIL_VERIFICATION_PATHS.status, headers: { cookie } });

const resend = (cookie: string) =>
  t.app.inject({
    method: 'POST',
    url: EMAIL_VERIFICATION_PATHS.resend,
    headers: { ...BROWSER, cookie },
    payload: {},
  });

describe('email verification', () => {
  it('mails a link at sign-up; following it verifies the account', async () => {
    const user = await signUpUser(t.app, 'verify');
    expect((await status(user.cookie)).json()).toEqual({ email: user.email, verified: false });
    const [token = ''] = await verifyLinks(user.email);
    const res = await follow(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect: EMAIL_VERIFICATION_PATHS.verified });
    expect((await status(user.cookie)).json()).toEqual({ email: user.email, verified: true });
    // Verified: no more resends.
    expect((await resend(user.cookie)).statusCode).toBe(409);
  });

  it('refuses a tampered or empty token', async () => {
    const user = await signUpUser(t.app, 'verify-bad');
    const [token = ''] = await verifyLinks(user.email);
    for (const bad of [`${token.slice(0, -2)}xx`, 'nonsense']) {
      const res = await follow(bad);
      expect(res.statusCode).toBe(410);
      expect(res.json().message).toBe(EMAIL_VERIFICATION_MESSAGES.linkInvalid);
    }
    expect((await follow('')).statusCode).toBe(422);
    expect((await status(user.cookie)).json().verified).toBe(false);
  });

  it('does not verify a new address with a link sent to the old one', async () => {
    const user = await signUpUser(t.app, 'verify-moved');
    const [token = ''] = await verifyLinks(user.email);
    const moved = `moved.${user.email}`;
    await t.app.db.update(users).set({ email: moved }).where(eq(users.id, user.userId));
    expect((await follow(token)).statusCode).toBe(410);
    expect((await status(user.cookie)).json()).toEqual({ email: moved, verified: false });
  });

  it('resends once a minute', async () => {
    const user = await signUpUser(t.app, 'verify-resend');
    await verifyLinks(user.email);
    const first = await resend(user.cookie);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.sent });
    expect((await resend(user.cookie)).statusCode).toBe(429);
    const links = await verifyLinks(user.email, 2);
    expect(links).toHaveLength(2);
    await t.app.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(sql`${rateLimits.key} like 'verify-email:%'`);
    expect((await resend(user.cookie)).statusCode).toBe(202);
    // The older link still works too.
    expect((await follow(links[0] ?? '')).json()).toEqual({
      redirect: EMAIL_VERIFICATION_PATHS.verified,
    });
  });

  it('needs a session for the status and the resend', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: EMAIL_VERIFICATION_PATHS.status })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: EMAIL_VERIFICATION_PATHS.resend,
          headers: BROWSER,
          payload: {},
        })
      ).statusCode,
    ).toBe(401);
  });
});
