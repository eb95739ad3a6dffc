import { ACCOUNT_API, PARTICIPANTS_API } from '@lantern/contracts';
import { jobs } from '@lantern/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryDelayMs } from '../src/features/mail/outbox.ts';
import { BROWSER, buildTestApp, type TestApp, uniqueEmail } from './helpers/build-test-app.ts';
import { addProperty, signUpUser } from './helpers/dashboard-fixtures.ts';
import { startSmtpServer } from './helpers/smtp.ts';

/** A port nothing listens on: connecting fails at once, like an SMTP server that is down. */
async function closedPort(): Promise<number> {
  const smtp = await startSmtpServer();
  const port = Number(new URL(smtp.url).port);
  await smtp.close();
  return port;
}

describe('mail outbox', () => {
  it('waits longer after each failure, up to an hour', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(3)).toBe(120_000);
    expect(retryDelayMs(20)).toBe(60 * 60_000);
  });

  describe('with the SMTP server up', () => {
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

    it('delivers an enqueued mail straight away, as text and HTML, and marks it sent', async () => {
      const to = uniqueEmail('outbox');
      const id = await t.app.outbox.enqueue({
        to,
        subject: 'Hello',
        text: 'Plain words',
        html: '<p>Rich words</p>',
      });
      const mail = await smtp.waitFor(to);
      expect(mail.raw).toMatch(/Subject: Hello/);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
      await t.app.outbox.deliverDue();
      // The SMTP server can hold the mail a moment before the runner records it sent (a busy
      // machine showed it): wait for the record rather than race it.
      const status = async () =>
        (await t.app.db.select().from(jobs).where(eq(jobs.id, id)))[0]?.status;
      await expect.poll(status, { timeout: 10_000 }).toBe('done');
      const [row] = await t.app.db.select().from(jobs).where(eq(jobs.id, id));
      expect(row?.attempts).toBe(1);
      // A sent mail keeps only its address and subject: its body may hold a sign-in link.
      expect(row?.payload).toEqual({ to, subject: 'Hello' });
      // Sent mail is never sent again.
      await t.app.outbox.deliverDue();
      expect(smtp.mails.filter((m) => m.to.includes(to))).toHaveLength(1);
    });

    it('sends the same Message-ID when the job runs again after a crash, so a copy can be dropped', async () => {
      const to = uniqueEmail('crash');
      const mail = { to, subject: 'Twice', text: 'Same words', html: '<p>Same words</p>' };
      const id = await t.app.outbox.enqueue(mail);
      await smtp.waitFor(to);
      const row = async () => (await t.app.db.select().from(jobs).where(eq(jobs.id, id)))[0];
      await expect.poll(async () => (await row())?.status, { timeout: 10_000 }).toBe('done');
      // What a crash between the server's "250" and the `done` update leaves: the job due again.
      await t.app.db
        .update(jobs)
        .set({ status: 'pending', payload: mail, runAt: new Date(0), lockedUntil: null })
        .where(eq(jobs.id, id));
      await t.app.outbox.deliverDue();
      await expect.poll(() => smtp.mails.filter((m) => m.to.includes(to)).length).toBe(2);
      const ids = smtp.mails
        .filter((m) => m.to.includes(to))
        .map((m) => /^Message-ID: *(.+?)\r?$/im.exec(m.raw)?.[1]);
      expect(ids[0]).toMatch(new RegExp(`^<mail\\.${id}\\.[0-9a-z]+@localhost>$`));
      expect(ids[1]).toBe(ids[0]);
      // Another mail has its own.
      const other = uniqueEmail('crash-other');
      await t.app.outbox.enqueue({ ...mail, to: other });
      const otherId = /^Message-ID: *(.+?)\r?$/im.exec((await smtp.waitFor(other)).raw)?.[1];
      expect(otherId).toMatch(/^<mail\.\d+\.[0-9a-z]+@localhost>$/);
      expect(otherId).not.toBe(ids[0]);
    });
  });

  describe('with the SMTP server down', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      port = await closedPort();
      t = await buildTestApp({ mailUrl: `smtp://127.0.0.1:${port}`, jobsPollMs: 0 });
    });
    afterAll(async () => {
      await t.close();
    });

    it('send() makes the first attempt before returning and keeps a failed mail without throwing', async () => {
      const to = uniqueEmail('direct');
      await t.app.outbox.send({ to, subject: 'Now', text: 'x', html: '<p>x</p>' });
      const [row] = await t.app.db
        .select()
        .from(jobs)
        .where(sql`${jobs.kind} = 'mail.send' and ${jobs.payload}->>'to' = ${to}`);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, maxAttempts: 30 });
      expect(row?.lastError).toBeTruthy();
    });

    it('queues mail that matters instead of losing it: invitations and the email-changed notice', async () => {
      const owner = await signUpUser(t.app, 'outbox-owner');
      const home = await addProperty(t.app, owner.userId);
      const guest = uniqueEmail('outbox-guest');
      const invited = await t.app.inject({
        method: 'POST',
        url: PARTICIPANTS_API.invitations,
        headers: { ...BROWSER, cookie: owner.cookie },
        payload: { property: home.hash, email: guest, role: 'buyer' },
      });
      expect(invited.statusCode).toBe(201);
      const changed = await t.app.inject({
        method: 'POST',
        url: ACCOUNT_API.email,
        headers: { ...BROWSER, cookie: owner.cookie },
        payload: { email: `new.${owner.email}`, currentPassword: 'a long and unusual passphrase' },
      });
      expect(changed.statusCode).toBe(200);
      for (const to of [guest, owner.email]) {
        const [row] = await t.app.db
          .select()
          .from(jobs)
          .where(sql`${jobs.kind} = 'mail.send' and ${jobs.payload}->>'to' = ${to}`);
        expect(row, `mail to ${to}`).toMatchObject({ status: 'pending', attempts: 1 });
      }
    });

    it('keeps the mail, backs off, and sends it once the server is back', async () => {
      const to = uniqueEmail('retry');
      const id = await t.app.outbox.enqueue({ to, subject: 'Later', text: 'x', html: '<p>x</p>' });
      const row = async () => (await t.app.db.select().from(jobs).where(eq(jobs.id, id)))[0];
      // The first attempt runs right after enqueue; wait for it to be recorded.
      for (let i = 0; i < 200 && (await row())?.attempts === 0; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      const failed = await row();
      expect(failed?.status).toBe('pending');
      expect(failed?.attempts).toBe(1);
      expect(failed?.lastError).toBeTruthy();
      // Not due yet: the next run leaves it alone.
      expect(failed?.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect(await t.app.outbox.deliverDue()).toBe(0);
      expect((await row())?.attempts).toBe(1);

      // The server comes back on the same port and the wait is over.
      const { SMTPServer } = await import('smtp-server');
      const received: string[] = [];
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        logger: false,
        onData(stream, session, callback) {
          stream.resume();
          stream.on('end', () => {
            received.push(...session.envelope.rcptTo.map((r) => r.address));
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      try {
        await t.app.db
          .update(jobs)
          .set({ runAt: sql`now() - interval '1 second'` })
          .where(eq(jobs.id, id));
        expect(await t.app.outbox.deliverDue()).toBe(1);
        expect(received).toEqual([to]);
        const sent = await row();
        expect(sent?.status).toBe('done');
        expect(sent?.attempts).toBe(2);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });
  });
});
