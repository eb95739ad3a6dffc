import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  PASSWORD_RESET_MESSAGES,
  PASSWORD_RESET_PATHS,
  PHONE_MESSAGES,
  PHONE_PATHS,
} from '@lantern/contracts';
import { passwordResets, rateLimits, userPhones } from '@lantern/db';
import { PATHS } from '@lantern/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, sessionCookie, type TestApp } from './helpers/build-test-app.ts';
import { type SignedIn, signInAgain, signUpUser } from './helpers/dashboard-fixtures.ts';
import { startSmtpServer } from './helpers/smtp.ts';

const NEW_PASSWORD = 'a brand new passphrase here';
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

let ipCounter = 1;
const nextIp = () => `10.2.${Math.floor(ipCounter / 250)}.${ipCounter++ % 250}`;
let phoneCounter = 100;
/** Distinct numbers libphonenumber accepts as valid US numbers. */
const nextPhone = () => `+1202555${String(2000 + phoneCounter++).padStart(4, '0')}`;

/** The 6 digits of the newest text to `to`, written by the development text adapter. */
function lastCode(to: string): string {
  const dir = join(t.app.config.dataDir, 'texts');
  const bodies = existsSync(dir)
    ? readdirSync(dir)
        .sort()
        .map((f) => readFileSync(join(dir, f), 'utf8'))
        .filter((b) => b.startsWith(`To: ${to}\n`))
    : [];
  const match = /\b(\d{6})\b/.exec(bodies.at(-1) ?? '');
  if (!match?.[1]) throw new Error(`no text to ${to}`);
  return match[1];
}

const textsTo = (to: string) => {
  const dir = join(t.app.config.dataDir, 'texts');
  return existsSync(dir)
    ? readdirSync(dir).filter((f) => readFileSync(join(dir, f), 'utf8').startsWith(`To: ${to}\n`))
        .length
    : 0;
};

const post = (url: string, payload: object, cookie?: string, ip = nextIp()) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: cookie ? { ...BROWSER, cookie } : BROWSER,
    remoteAddress: ip,
    payload,
  });

const phoneStatus = (cookie: string) =>
  t.app.inject({ method: 'GET', url: PHONE_PATHS.phone, headers: { cookie } });

/** Lets the user ask for another code at once (the once-a-minute limit is tested on its own). */
const forgetLimits = () =>
  t.app.db.update(rateLimits).set({ resetAt: sql`now() - interval '1 second'` });

async function withVerifiedPhone(tag: string): Promise<SignedIn & { phone: string }> {
  const user = await signUpUser(t.app, tag);
  const phone = nextPhone();
  expect((await post(PHONE_PATHS.phone, { phone }, user.cookie)).statusCode).toBe(202);
  const ok = await post(PHONE_PATHS.verify, { code: lastCode(phone) }, user.cookie);
  expect(ok.statusCode).toBe(200);
  return { ...user, phone };
}

describe('phone verification', () => {
  it('texts a 6-digit code that verifies the number', async () => {
    const user = await signUpUser(t.app, 'phone');
    expect((await phoneStatus(user.cookie)).json()).toEqual({ phone: null, pendingPhone: null });
    const phone = nextPhone();
    const start = await post(PHONE_PATHS.phone, { phone }, user.cookie);
    expect(start.statusCode).toBe(202);
    expect(start.json()).toEqual({ message: PHONE_MESSAGES.sent(phone) });
    expect((await phoneStatus(user.cookie)).json()).toEqual({ phone: null, pendingPhone: phone });
    const code = lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    // Only a keyed digest of the code is stored.
    const [row] = await t.app.db
      .select()
      .from(userPhones)
      .where(eq(userPhones.userId, user.userId));
    expect(JSON.stringify(row)).not.toContain(code);

    const wrong = await post(
      PHONE_PATHS.verify,
      { code: code === '000000' ? '111111' : '000000' },
      user.cookie,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([PHONE_MESSAGES.codeInvalid]);
    const ok = await post(PHONE_PATHS.verify, { code }, user.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ phone, pendingPhone: null });
    // Used up.
    expect((await post(PHONE_PATHS.verify, { code }, user.cookie)).statusCode).toBe(410);
  });

  it('voids a code after five wrong tries', async () => {
    const user = await signUpUser(t.app, 'phone-five');
    const phone = nextPhone();
    await post(PHONE_PATHS.phone, { phone }, user.cookie);
    const code = lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect((await post(PHONE_PATHS.verify, { code: wrong }, user.cookie)).statusCode).toBe(422);
    }
    const fifth = await post(PHONE_PATHS.verify, { code: wrong }, user.cookie);
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json().message).toBe(PHONE_MESSAGES.codeVoid);
    expect((await post(PHONE_PATHS.verify, { code }, user.cookie)).statusCode).toBe(410);
  });

  it('expires codes after 10 minutes', async () => {
    const user = await signUpUser(t.app, 'phone-expiry');
    const phone = nextPhone();
    await post(PHONE_PATHS.phone, { phone }, user.cookie);
    const [row] = await t.app.db
      .select({
        minutes: sql<number>`round(extract(epoch from (${userPhones.codeExpiresAt} - now())) / 60)::int`,
      })
      .from(userPhones)
      .where(eq(userPhones.userId, user.userId));
    expect(row?.minutes).toBe(10);
    await t.app.db
      .update(userPhones)
      .set({ codeExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(userPhones.userId, user.userId));
    expect(
      (await post(PHONE_PATHS.verify, { code: lastCode(phone) }, user.cookie)).statusCode,
    ).toBe(410);
  });

  it('sends one code a minute and refuses numbers that cannot exist', async () => {
    const user = await signUpUser(t.app, 'phone-limit');
    const phone = nextPhone();
    expect((await post(PHONE_PATHS.phone, { phone }, user.cookie)).statusCode).toBe(202);
    expect((await post(PHONE_PATHS.phone, { phone }, user.cookie)).statusCode).toBe(429);
    expect(textsTo(phone)).toBe(1);
    for (const bad of ['+1123', '12025550123', '+11234567890']) {
      const res = await post(PHONE_PATHS.phone, { phone: bad }, user.cookie);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.phone).toEqual([PHONE_MESSAGES.phoneInvalid]);
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: PHONE_PATHS.phone })).statusCode).toBe(401);
    expect((await post(PHONE_PATHS.phone, { phone: nextPhone() })).statusCode).toBe(401);
  });
});

describe('Reset PIN', () => {
  const askForPin = (email: string) => post(PASSWORD_RESET_PATHS.request, { email, via: 'text' });
  const resetWithPin = (email: string, pin: string, cookie?: string, ip = nextIp()) =>
    post(
      PASSWORD_RESET_PATHS.pinReset,
      { email, pin, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      cookie,
      ip,
    );

  it('texts a PIN to a verified phone; the PIN sets a new password once and signs out other sessions', async () => {
    const user = await withVerifiedPhone('pin');
    const other = await signInAgain(t.app, user.email);
    const res = await askForPin(user.email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.sentPin });
    const pin = lastCode(user.phone);
    const [row] = await t.app.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.userId));
    expect(row?.kind).toBe('pin');
    expect(JSON.stringify(row)).not.toContain(pin);

    const ok = await resetWithPin(user.email.toUpperCase(), pin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ redirect: `${PATHS.login}?reset=1` });
    for (const cookie of [user.cookie, other]) {
      const me = await t.app.inject({ method: 'GET', url: PATHS.apiUser, headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    const login = await post(PATHS.login, { email: user.email, password: NEW_PASSWORD });
    expect(sessionCookie(login)).toBeTruthy();
    // Once only.
    expect((await resetWithPin(user.email, pin)).statusCode).toBe(422);
  });

  it('answers the same for an unknown email, and emails a link to an account without a verified phone', async () => {
    const unknown = await askForPin(`nobody.${Date.now()}@example.com`);
    const noPhone = await signUpUser(t.app, 'pin-nophone');
    const fallback = await askForPin(noPhone.email);
    expect(unknown.statusCode).toBe(202);
    expect(fallback.body).toBe(unknown.body);
    for (let i = 0; i < 250; i++) {
      if (smtp.mails.some((m) => m.to.includes(noPhone.email) && /Reset your/.test(m.raw))) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(
      smtp.mails.some(
        (m) => m.to.includes(noPhone.email) && /Subject: Reset your Lantern password/.test(m.raw),
      ),
    ).toBe(true);
    // A PIN for an email without one is simply wrong.
    const res = await resetWithPin(noPhone.email, '123456');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.pin).toEqual([PASSWORD_RESET_MESSAGES.pinWrong]);
  });

  it('voids the PIN after five wrong tries', async () => {
    const user = await withVerifiedPhone('pin-five');
    await askForPin(user.email);
    const pin = lastCode(user.phone);
    const wrong = pin === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await resetWithPin(user.email, wrong);
      expect(res.statusCode).toBe(422);
    }
    const fifth = await resetWithPin(user.email, wrong);
    expect(fifth.statusCode).toBe(410);
    expect(fifth.json().message).toBe(PASSWORD_RESET_MESSAGES.pinVoid);
    // Even the right PIN no longer works.
    expect((await resetWithPin(user.email, pin)).statusCode).toBe(422);
  });

  it('expires the PIN', async () => {
    const user = await withVerifiedPhone('pin-expired');
    await askForPin(user.email);
    await t.app.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user.userId));
    expect((await resetWithPin(user.email, lastCode(user.phone))).statusCode).toBe(410);
  });

  it('a PIN row cannot be followed as an emailed link', async () => {
    const user = await withVerifiedPhone('pin-kind');
    await forgetLimits();
    await askForPin(user.email);
    const [row] = await t.app.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.userId));
    const asLink = await t.app.inject({
      method: 'GET',
      url: PASSWORD_RESET_PATHS.link(`${row?.selector}.${'A'.repeat(43)}`),
    });
    expect(asLink.headers.location).toBe(PASSWORD_RESET_PATHS.incorrectLink);
  });

  it('limits wrong PINs per IP address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++) {
      const res = await resetWithPin(`guess.${i}@example.com`, '123456', undefined, ip);
      expect(res.statusCode).toBe(422);
    }
    expect((await resetWithPin('guess.last@example.com', '123456', undefined, ip)).statusCode).toBe(
      429,
    );
  });
});
