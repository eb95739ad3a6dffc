import { MESSAGES, USER_ACCOUNT_TEXTS } from '@lantern/contracts';
import { auditLog, staffRoles } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import {
  addProperty,
  type SignedIn,
  signInAgain,
  signUpUser,
} from './helpers/dashboard-fixtures.ts';
import { startSmtpServer } from './helpers/smtp.ts';
import { giveStaffRole } from './helpers/staff.ts';

/** Issue 20: a person's page (records), lock and unlock, end sessions, resend verification. */
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let owner: SignedIn;
let support: SignedIn;
let compliance: SignedIn;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await buildTestApp({ mailUrl: smtp.url, jobsPollMs: 0 });
  owner = await signUpUser(t.app, 'owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
  support = await signUpUser(t.app, 'support');
  await giveStaffRole(t.app, support.userId, 'support');
  compliance = await signUpUser(t.app, 'compliance');
  await giveStaffRole(t.app, compliance.userId, 'compliance');
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const call = (
  who: SignedIn | string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: { ...BROWSER, cookie: typeof who === 'string' ? who : who.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const login = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/account/login',
    headers: BROWSER,
    payload: { email, password: 'a long and unusual passphrase' },
  });

const lastEntry = async (action: string, recordId: string) => {
  const [row] = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.recordId, recordId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
};

describe("a person's records", () => {
  it('shows properties, orders, invoices, messages and activity, each only with its permission', async () => {
    const customer = await signUpUser(t.app, 'records');
    const property = await addProperty(t.app, customer.userId, 'seller', { street: '7 Record Rd' });
    const ordered = await call(customer, 'POST', '/api/dashboard/orders', {
      property: property.hash,
      product: 'mls-listing-state',
    });
    expect(ordered.statusCode).toBe(201);
    const said = await call(customer, 'POST', '/api/messages', {
      property: property.hash,
      body: 'When will the listing go live?',
    });
    expect(said.statusCode).toBe(201);

    const all = await call(owner, 'GET', ADMIN_API.userRecords(customer.hash));
    expect(all.statusCode).toBe(200);
    const records = all.json();
    expect(records.properties).toEqual([
      expect.objectContaining({ hash: property.hash, role: 'seller', canEdit: true }),
    ]);
    expect(records.orders).toEqual([
      expect.objectContaining({ product: 'Flat Fee MLS Listing', priceCents: 14_900 }),
    ]);
    expect(records.invoices).toEqual([expect.objectContaining({ totalCents: 14_900 })]);
    expect(records.messages).toEqual([
      expect.objectContaining({ body: 'When will the listing go live?' }),
    ]);
    expect(records.activity.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['POST /api/messages']),
    );

    // Support reads properties, orders and messages, not the activity log.
    const partial = (await call(support, 'GET', ADMIN_API.userRecords(customer.hash))).json();
    expect(partial.activity).toBeNull();
    expect(partial.orders).toHaveLength(1);
    // Compliance reads the activity log but does not answer customers.
    const other = (await call(compliance, 'GET', ADMIN_API.userRecords(customer.hash))).json();
    expect(other.messages).toBeNull();
    expect(other.activity).not.toBeNull();

    expect((await call(owner, 'GET', ADMIN_API.userRecords('nobody-here'))).statusCode).toBe(404);
  });
});

describe('lock and unlock', () => {
  it('locking ends every session and refuses sign-in until unlocked; both are logged', async () => {
    const customer = await signUpUser(t.app, 'lock');
    const second = await signInAgain(t.app, customer.email);
    const before = (await call(owner, 'GET', ADMIN_API.user(customer.hash))).json();
    expect(before).toMatchObject({ lockedAt: null, sessions: 2, emailVerified: false });

    const locked = await call(owner, 'PUT', ADMIN_API.userLock(customer.hash), { locked: true });
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ sessions: 0 });
    expect(locked.json().lockedAt).toEqual(expect.any(String));
    for (const cookie of [customer.cookie, second])
      expect((await call(cookie, 'GET', '/api/user')).statusCode).toBe(401);

    const refused = await login(customer.email);
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toBe(MESSAGES.accountLocked);
    expect(refused.cookies.find((c) => c.name === 'lantern_session')).toBeUndefined();

    const entry = await lastEntry('user.lock', customer.hash);
    expect(entry?.before).toEqual({ locked: false });
    expect(entry?.after).toEqual({ locked: true, sessionsEnded: 2 });

    const unlocked = await call(owner, 'PUT', ADMIN_API.userLock(customer.hash), { locked: false });
    expect(unlocked.json().lockedAt).toBeNull();
    expect((await login(customer.email)).statusCode).toBe(200);
    expect((await lastEntry('user.lock', customer.hash))?.after).toEqual({
      locked: false,
      sessionsEnded: 0,
    });
  });

  it('nobody locks themselves, only an owner locks an owner, and support may not lock', async () => {
    const self = await call(owner, 'PUT', ADMIN_API.userLock(owner.hash), { locked: true });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(USER_ACCOUNT_TEXTS.notYourself);

    const manager = await signUpUser(t.app, 'manager');
    await t.app.db.insert(staffRoles).values({
      key: 'account-desk',
      name: 'Account desk',
      permissions: ['users.view', 'users.manage'],
    });
    await giveStaffRole(t.app, manager.userId, 'account-desk');
    const onOwner = await call(manager, 'PUT', ADMIN_API.userLock(owner.hash), { locked: true });
    expect(onOwner.statusCode).toBe(403);
    expect(onOwner.json().message).toBe(USER_ACCOUNT_TEXTS.ownerOnly);
    expect((await call(manager, 'DELETE', ADMIN_API.userSessions(owner.hash))).statusCode).toBe(
      403,
    );

    const customer = await signUpUser(t.app, 'not-support');
    expect(
      (await call(support, 'PUT', ADMIN_API.userLock(customer.hash), { locked: true })).statusCode,
    ).toBe(403);
    expect((await call(support, 'DELETE', ADMIN_API.userSessions(customer.hash))).statusCode).toBe(
      403,
    );
  });
});

describe('end sessions', () => {
  it('signs the person out everywhere and logs how many sessions ended', async () => {
    const customer = await signUpUser(t.app, 'sessions');
    const second = await signInAgain(t.app, customer.email);
    const ended = await call(owner, 'DELETE', ADMIN_API.userSessions(customer.hash));
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    for (const cookie of [customer.cookie, second])
      expect((await call(cookie, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await lastEntry('user.sessions.end', customer.hash))?.after).toEqual({
      sessionsEnded: 2,
    });
    // Not locked: they can sign in again.
    expect((await login(customer.email)).statusCode).toBe(200);
  });
});

describe('resend verification', () => {
  it('mails a fresh link through the verification service, once a minute, never to a confirmed address', async () => {
    const customer = await signUpUser(t.app, 'verify');
    const mailsTo = () =>
      smtp.mails.filter(
        (m) => m.to.includes(customer.email) && /Subject: Confirm your email/.test(m.raw),
      ).length;
    const waitFor = async (n: number) => {
      for (let i = 0; i < 250 && mailsTo() < n; i++) await new Promise((r) => setTimeout(r, 20));
      return mailsTo();
    };
    expect(await waitFor(1)).toBe(1); // the sign-up's
    const sent = await call(owner, 'POST', ADMIN_API.userVerificationEmail(customer.hash), {});
    expect(sent.statusCode).toBe(204);
    expect(await waitFor(2)).toBe(2);
    expect((await lastEntry('user.verification-email', customer.hash))?.after).toEqual({
      verificationSentTo: customer.email,
    });
    // The person's own once-a-minute limit holds for staff too.
    const again = await call(owner, 'POST', ADMIN_API.userVerificationEmail(customer.hash), {});
    expect(again.statusCode).toBe(429);

    await t.app.emailVerification.markVerified(customer.userId, customer.email);
    const confirmed = await call(owner, 'POST', ADMIN_API.userVerificationEmail(customer.hash), {});
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe(USER_ACCOUNT_TEXTS.alreadyVerified);
    expect((await call(owner, 'GET', ADMIN_API.user(customer.hash))).json().emailVerified).toBe(
      true,
    );
    expect(
      (await call(support, 'POST', ADMIN_API.userVerificationEmail(customer.hash), {})).statusCode,
    ).toBe(403);
  });
});
