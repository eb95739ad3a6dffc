import {
  EMAIL_TEXTS,
  MAIL_TEMPLATE_KEYS,
  PASSWORD_RESET_PATHS,
  type TMailPreview,
  type TMailRow,
} from '@lantern/contracts';
import { auditLog, jobs, staffRoles } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_PREVIEWS } from '../src/features/mail/previews.ts';
import * as templates from '../src/features/mail/templates.ts';
import { BROWSER, buildTestApp, ORIGIN, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { startSmtpServer } from './helpers/smtp.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Email management (issue 20; docs/decisions/026-email-management.md): template previews on
 * sample values, the outbox by state and address with keyset pages, and an audited retry.
 * Delivery runs only when a test asks (no worker), against a local SMTP server that refuses
 * the addresses in `bouncing` the way a real one refuses an unknown mailbox.
 */
const BOUNCE = '5.1.1 Recipient address rejected: User unknown in virtual mailbox table';
const bouncing = new Set<string>();

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
let owner: SignedIn;
let support: SignedIn;
let operations: SignedIn;
let reader: SignedIn;
let desk: SignedIn;
let customer: SignedIn;

beforeAll(async () => {
  smtp = await startSmtpServer({
    rejectRecipient: (address) => (bouncing.has(address) ? BOUNCE : null),
  });
  t = await buildTestApp({ mailUrl: smtp.url, jobsPollMs: 0, jobsWorker: false });
  await t.app.db.insert(staffRoles).values([
    { key: 'mail-reader', name: 'Mail reader', description: '', permissions: ['email.view'] },
    {
      key: 'mail-desk',
      name: 'Mail desk',
      description: '',
      permissions: ['email.view', 'jobs.retry'],
    },
  ]);
  const staff = async (tag: string, role: string) => {
    const who = await signUpUser(t.app, tag);
    await giveStaffRole(t.app, who.userId, role);
    return who;
  };
  owner = await staff('mail-owner', 'owner');
  support = await staff('mail-support', 'support');
  operations = await staff('mail-ops', 'operations');
  reader = await staff('mail-reader', 'mail-reader');
  desk = await staff('mail-desk', 'mail-desk');
  customer = await signUpUser(t.app, 'mail-customer');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const get = (who: SignedIn, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const retry = (who: SignedIn, id: number) =>
  t.app.inject({
    method: 'POST',
    url: ADMIN_API.emailRetry(id),
    headers: { ...BROWSER, cookie: who.cookie },
    payload: {},
  });
const outbox = async (query: Record<string, string>, who = reader) => {
  const res = await get(who, `${ADMIN_API.emailOutbox}?${new URLSearchParams(query)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { rows: TMailRow[]; nextCursor: string | null };
};
/** Ask for a reset link as a visitor would: a real action that mails. */
const askForReset = async (email: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: PASSWORD_RESET_PATHS.request,
    headers: BROWSER,
    payload: { email },
  });
  expect(res.statusCode).toBeLessThan(300);
};
const resetMail = async (email: string) => {
  const { rows } = await outbox({ search: email });
  const mail = rows.find((r) => r.subject === 'Reset your Lantern password');
  if (!mail) throw new Error(`no reset mail to ${email}`);
  return mail;
};

describe('mail templates', () => {
  it('lists every template function the product has, each with a sample', () => {
    const functions = Object.values(templates).filter((v) => typeof v === 'function');
    expect(functions.length).toBeGreaterThan(5);
    expect(new Set(Object.values(MAIL_PREVIEWS).map((e) => e.template))).toEqual(
      new Set(functions),
    );
    expect(Object.keys(MAIL_PREVIEWS).sort()).toEqual([...MAIL_TEMPLATE_KEYS].sort());
  });

  it('renders every template on sample values, with nobody real in it', async () => {
    // Real people and a real property exist; none of them may reach a preview.
    const home = await addProperty(t.app, customer.userId, 'seller', { street: '48 Real Road' });
    const real = [customer.email, owner.email, reader.email, '48 Real Road', home.hash];
    for (const key of MAIL_TEMPLATE_KEYS) {
      const res = await get(reader, ADMIN_API.emailTemplate(key));
      expect(res.statusCode, key).toBe(200);
      const preview = res.json() as TMailPreview;
      expect(preview.key).toBe(key);
      expect(preview.subject, key).not.toBe('');
      expect(preview.html, key).toMatch(/^<!doctype html>/);
      expect(preview.html, key).toContain('Lantern');
      expect(preview.text, key).toContain('Lantern');
      // The preview frame refuses scripts; a mail never carries one (the browser suite's
      // console guard lets the frame's refusal through on that promise).
      expect(preview.html, key).not.toMatch(/<script\b|\son[a-z]+\s*=|javascript:/i);
      for (const value of real) expect(res.body, `${key} holds ${value}`).not.toContain(value);
    }
  });

  it('uses plainly made-up values where a mail names someone or something', async () => {
    const preview = async (key: string) =>
      (await get(reader, ADMIN_API.emailTemplate(key))).json() as TMailPreview;
    const receipt = await preview('payment-receipt');
    expect(receipt.subject).toBe('Receipt for INV-000123: paid in full');
    expect(receipt.text).toContain('$179.00');
    const invitation = await preview('participant-invitation');
    expect(invitation.subject).toBe('Sample Customer invited you to 123 Sample Street on Lantern');
    expect((await preview('email-changed')).text).toContain('new.address@example.com');
    const reset = await preview('password-reset-link');
    expect(reset.text).toContain(`${ORIGIN}${PASSWORD_RESET_PATHS.resetPage}#token=sample-token`);
    // The HTML is the template's own, values escaped: no markup of ours sneaks in.
    expect(reset.html).toContain('Choose a new password');
  });

  it('answers 404 for a template that is not ours', async () => {
    expect((await get(reader, ADMIN_API.emailTemplate('no-such-template'))).statusCode).toBe(404);
    expect((await get(reader, ADMIN_API.emailTemplate('constructor'))).statusCode).toBe(404);
  });
});

describe('mail outbox', () => {
  it('shows a mail a real action sent, from queued to sent, and never its body', async () => {
    await askForReset(customer.email);
    const queued = await resetMail(customer.email);
    expect(queued).toMatchObject({
      to: customer.email,
      state: 'queued',
      attempts: 0,
      maxAttempts: 30,
      finishedAt: null,
      lastError: null,
    });
    expect(queued.nextTryAt).not.toBeNull();
    // The job still holds the body with its link; the list never shows it.
    const [job] = await t.app.db.select().from(jobs).where(eq(jobs.id, queued.id));
    expect(JSON.stringify(job?.payload)).toContain('#token=');
    const list = await get(reader, `${ADMIN_API.emailOutbox}?search=${customer.email}`);
    expect(list.body).not.toContain('#token=');
    expect(list.body).not.toContain('Choose a new password');
    expect(Object.keys(queued).sort()).toEqual(
      [
        'attempts',
        'createdAt',
        'finishedAt',
        'id',
        'lastError',
        'maxAttempts',
        'nextTryAt',
        'state',
        'subject',
        'to',
      ].sort(),
    );

    await t.app.outbox.deliverDue();
    await smtp.waitFor(customer.email, 5000, (m) => m.raw.includes('Reset your Lantern password'));
    const sent = await resetMail(customer.email);
    expect(sent).toMatchObject({ id: queued.id, state: 'sent', attempts: 1, nextTryAt: null });
    expect(sent.finishedAt).not.toBeNull();
  });

  it('keeps the mail server’s refusal as the reason, through retrying to failed', async () => {
    const who = await signUpUser(t.app, 'mail-bounce');
    bouncing.add(who.email);
    await askForReset(who.email);
    await t.app.outbox.deliverDue();
    const retrying = await resetMail(who.email);
    expect(retrying).toMatchObject({ state: 'retrying', attempts: 1, finishedAt: null });
    expect(retrying.lastError).toContain('User unknown');
    expect(new Date(retrying.nextTryAt ?? 0).getTime()).toBeGreaterThan(Date.now());

    // The last of its tries fails too.
    await t.app.db
      .update(jobs)
      .set({ maxAttempts: 2, runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, retrying.id));
    await t.app.outbox.deliverDue();
    const failed = await resetMail(who.email);
    expect(failed).toMatchObject({ state: 'failed', attempts: 2, nextTryAt: null });
    expect(failed.lastError).toContain('550');
    expect(failed.finishedAt).not.toBeNull();
  });

  it('filters by state and by address or subject', async () => {
    const tag = `filter${Date.now()}`;
    const make = (n: number) =>
      t.app.outbox.enqueue({
        to: `${tag}.${n}@example.com`,
        subject: `Filter test ${tag} ${n}`,
        text: 'x',
        html: '<p>x</p>',
      });
    const [a, b, c] = [await make(1), await make(2), await make(3)];
    // b is being sent right now by some instance; c had a failed try.
    await t.app.db
      .update(jobs)
      .set({ lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.id, b));
    await t.app.db
      .update(jobs)
      .set({
        attempts: 1,
        lastError: 'connect ECONNREFUSED',
        runAt: sql`now() + interval '1 minute'`,
      })
      .where(eq(jobs.id, c));
    const ids = async (query: Record<string, string>) =>
      (await outbox({ search: tag, ...query })).rows.map((r) => r.id);
    expect(await ids({})).toEqual([c, b, a]);
    expect(await ids({ state: 'queued' })).toEqual([a]);
    expect(await ids({ state: 'sending' })).toEqual([b]);
    expect(await ids({ state: 'retrying' })).toEqual([c]);
    expect(await ids({ state: 'sent' })).toEqual([]);
    expect(await ids({ state: 'failed' })).toEqual([]);
    // Search is by address or subject, and `%` is a character, not a wildcard.
    expect((await outbox({ search: `${tag}.2@` })).rows.map((r) => r.id)).toEqual([b]);
    expect((await outbox({ search: `Filter test ${tag} 3` })).rows.map((r) => r.id)).toEqual([c]);
    expect((await outbox({ search: `${tag}%` })).rows).toEqual([]);
    // Other jobs are not mail.
    const other = await t.app.jobs.enqueue('jobs.cleanup', {}, { delayMs: 60_000 });
    expect((await outbox({ limit: '100' })).rows.map((r) => r.id)).not.toContain(other?.id);
    await t.app.db.update(jobs).set({ lockedUntil: null }).where(eq(jobs.id, b));
  });

  it('pages by keyset, both ways, and refuses a cursor it did not make', async () => {
    const tag = `pages${Date.now()}`;
    const made: number[] = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await t.app.outbox.enqueue({
          to: `${tag}.${i}@example.com`,
          subject: 'Paging',
          text: 'x',
          html: '<p>x</p>',
        }),
      );
    const walk = async (dir: 'asc' | 'desc') => {
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await outbox({
          search: tag,
          limit: '2',
          dir,
          ...(cursor ? { cursor } : {}),
        });
        expect(page.rows.length).toBeLessThanOrEqual(2);
        seen.push(...page.rows.map((r) => r.id));
        cursor = page.nextCursor;
      } while (cursor);
      return seen;
    };
    expect(await walk('desc')).toEqual([...made].reverse());
    expect(await walk('asc')).toEqual(made);
    const bad = await get(reader, `${ADMIN_API.emailOutbox}?cursor=not-ours`);
    expect(bad.statusCode).toBe(422);
  });
});

describe('access and retry', () => {
  it('opens the page with email.view; retrying also takes jobs.retry', async () => {
    for (const who of [support, operations]) {
      expect((await get(who, ADMIN_API.emailOutbox)).statusCode).toBe(403);
      expect((await get(who, ADMIN_API.emailTemplate('payment-receipt'))).statusCode).toBe(403);
      expect((await retry(who, 1)).statusCode).toBe(403);
    }
    expect((await get(owner, ADMIN_API.emailOutbox)).statusCode).toBe(200);
    expect((await get(reader, ADMIN_API.emailOutbox)).statusCode).toBe(200);
    expect((await retry(reader, 1)).statusCode).toBe(403);
  });

  it('retries a failed mail once more, logs who did it, and sends it once the server takes it', async () => {
    const who = await signUpUser(t.app, 'mail-retry');
    bouncing.add(who.email);
    await askForReset(who.email);
    const queued = await resetMail(who.email);
    await t.app.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.id, queued.id));
    await t.app.outbox.deliverDue();
    expect(await resetMail(who.email)).toMatchObject({ state: 'failed', attempts: 1 });

    bouncing.delete(who.email);
    const res = await retry(desk, queued.id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      id: queued.id,
      state: 'retrying',
      attempts: 1,
      maxAttempts: 2,
      finishedAt: null,
    });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'mail.retry'), eq(auditLog.recordId, String(queued.id))))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      recordType: 'job',
      actorEmail: desk.email,
      actorKind: 'staff',
      before: { state: 'failed', attempts: 1 },
      after: { state: 'retrying', maxAttempts: 2 },
    });
    expect(JSON.stringify(entry?.before)).toContain('User unknown');

    await t.app.outbox.deliverDue();
    await smtp.waitFor(who.email, 5000, (m) => m.raw.includes('Reset your Lantern password'));
    expect(await resetMail(who.email)).toMatchObject({ state: 'sent', attempts: 2 });

    const again = await retry(desk, queued.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(EMAIL_TEXTS.notFailed);
  });

  it('answers 404 for a job that is not a mail, even a failed one', async () => {
    const other = await t.app.jobs.enqueue('jobs.cleanup', {}, { delayMs: 60_000 });
    await t.app.db
      .update(jobs)
      .set({ status: 'failed' })
      .where(eq(jobs.id, other?.id ?? 0));
    expect((await retry(desk, other?.id ?? 0)).statusCode).toBe(404);
    expect((await retry(desk, 987_654_321)).statusCode).toBe(404);
    const [job] = await t.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, other?.id ?? 0));
    expect(job?.status).toBe('failed');
  });
});
