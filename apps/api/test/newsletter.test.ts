import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NEWSLETTER_MESSAGES, NEWSLETTER_PATHS } from '@lantern/contracts';
import { newsletterSubscribers } from '@lantern/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmToken, verifyConfirmToken } from '../src/features/mail/newsletter/tokens.ts';
import {
  BROWSER,
  buildTestApp,
  type TestApp,
  testConfig,
  uniqueEmail,
} from './helpers/build-test-app.ts';
import { linkToken, startSmtpServer } from './helpers/smtp.ts';

const SECRET = 'test-secret-test-secret-test-secret-1234';

describe('newsletter double opt-in over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({ mailUrl: smtp.url });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const subscribe = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: NEWSLETTER_PATHS.api,
      headers: BROWSER,
      payload: { email },
    });

  /** What the link's page does with the token from the fragment. */
  const follow = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: NEWSLETTER_PATHS.confirmApi,
      headers: BROWSER,
      payload: { token },
    });

  const rows = (email: string) =>
    t.app.db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = lower(${email})`);

  it('emails a signed link; following it confirms and lands on the confirmation page', async () => {
    const email = uniqueEmail('news');
    const res = await subscribe(email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: NEWSLETTER_MESSAGES.checkInbox });
    expect((await rows(email))[0]?.status).toBe('pending');

    const mail = await smtp.waitFor(email);
    expect(mail.raw).toMatch(/Subject: Confirm your Lantern newsletter subscription/);
    expect(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      'http://localhost:3000/newsletter/confirm#token=',
    );
    const token = linkToken(mail.raw, NEWSLETTER_PATHS.confirm);

    const confirm = await follow(token);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json()).toEqual({ redirect: NEWSLETTER_PATHS.confirmed });
    expect((await rows(email))[0]?.status).toBe('confirmed');

    // Following the link again is harmless.
    expect((await follow(token)).json()).toEqual({ redirect: NEWSLETTER_PATHS.confirmed });
  });

  it('subscribing twice neither duplicates nor reveals anything', async () => {
    const email = uniqueEmail('twice');
    const first = await subscribe(email);
    await smtp.waitFor(email);
    const second = await subscribe(email.toUpperCase());
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(await rows(email)).toHaveLength(1);
    // No second mail within the resend window.
    await new Promise((r) => setTimeout(r, 100));
    expect(
      smtp.mails.filter((m) => m.to.includes(email) || m.to.includes(email.toUpperCase())),
    ).toHaveLength(1);
  });

  it('answers a clear 422 for a bad email', async () => {
    const res = await subscribe('not-an-email');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email[0]).toMatch(/valid email/);
  });

  it('refuses a request without our headers (CSRF)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: NEWSLETTER_PATHS.api,
      payload: { email: uniqueEmail() },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a tampered, foreign or missing token', async () => {
    const good = createConfirmToken(SECRET, {
      email: 'x@example.com',
      source: 'newsletter',
      issuedAt: Date.now(),
    });
    for (const token of [
      `${good}x`,
      createConfirmToken('another-secret-another-secret-xx', {
        email: 'x@example.com',
        source: 'newsletter',
        issuedAt: Date.now(),
      }),
      'garbage',
    ]) {
      const res = await follow(token);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ message: NEWSLETTER_MESSAGES.linkExpired });
    }
    expect((await follow('')).statusCode).toBe(422);
  });

  it('the promoOptin box at sign-up joins the list through the same double opt-in', async () => {
    const email = uniqueEmail('promo');
    const res = await t.app.inject({
      method: 'POST',
      url: '/account/sign-up',
      headers: BROWSER,
      payload: { email, password: 'a long enough passphrase', remember: false, promoOptin: true },
    });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitFor(email);
    expect(mail.raw).toMatch(/news and offers/);
    const confirm = await follow(linkToken(mail.raw, NEWSLETTER_PATHS.confirm));
    expect(confirm.json()).toEqual({ redirect: NEWSLETTER_PATHS.promoConfirmed });
    const [row] = await rows(email);
    expect(row).toMatchObject({ status: 'confirmed', source: 'promo' });
    expect(row?.userId).not.toBeNull();
  });

  it('sign-up without the box sends nothing', async () => {
    const email = uniqueEmail('nopromo');
    await t.app.inject({
      method: 'POST',
      url: '/account/sign-up',
      headers: BROWSER,
      payload: { email, password: 'a long enough passphrase', remember: false, promoOptin: false },
    });
    expect(await rows(email)).toHaveLength(0);
  });
});

describe('confirmation tokens', () => {
  it('expire after seven days and cannot be forged', () => {
    const now = Date.UTC(2026, 0, 10);
    const token = createConfirmToken(SECRET, { email: 'a@b.co', source: 'promo', issuedAt: now });
    expect(verifyConfirmToken(SECRET, token, now + 1000)).toEqual({
      email: 'a@b.co',
      source: 'promo',
      issuedAt: now,
    });
    expect(verifyConfirmToken(SECRET, token, now + 8 * 24 * 3600_000)).toBeNull();
    const [payload] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify(['evil@b.co', 'promo', now])).toString('base64url')}.${token.split('.')[1]}`;
    expect(payload).toBeTruthy();
    expect(verifyConfirmToken(SECRET, forged, now)).toBeNull();
  });
});

describe('mail adapter without MAIL_URL', () => {
  it('writes the message to DATA_DIR/mail', async () => {
    const config = testConfig();
    const t = await buildTestApp({ dataDir: config.dataDir });
    try {
      expect(t.app.mailer.kind).toBe('file');
      const email = uniqueEmail('file');
      const res = await t.app.inject({
        method: 'POST',
        url: NEWSLETTER_PATHS.api,
        headers: BROWSER,
        payload: { email },
      });
      expect(res.statusCode).toBe(202);
      // The mail is a job: the runner writes it just after the answer, not before.
      const dir = join(config.dataDir, 'mail');
      const written = () => (existsSync(dir) ? readdirSync(dir) : []);
      for (let i = 0; i < 100 && written().length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const files = written();
      expect(files).toHaveLength(1);
      const raw = readFileSync(join(dir, files[0] as string), 'utf8');
      expect(raw).toContain(`To: ${email}`);
      expect(linkToken(raw, NEWSLETTER_PATHS.confirm)).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
