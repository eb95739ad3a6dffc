import { type Db, mailOutbox } from '@lantern/db';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, OutgoingMail } from './index.ts';

/** First retry after 30 s, doubling up to an hour; about a day of tries before giving up. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
export const MAX_ATTEMPTS = 30;
/** A claimed row is hidden from other workers this long, longer than any SMTP conversation. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export interface OutboxOptions {
  db: Db;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** How often the worker looks for due mail; 0 turns the timer off (tests drive it by hand). */
  pollMs: number;
}

/**
 * The mail outbox (issue 8): `enqueue` stores the mail and returns at once; delivery happens
 * right after and again on every poll until the SMTP server accepts it. A mail is sent at least
 * once: a crash between the SMTP "250" and the database update sends it twice, never zero times.
 * Claims use SKIP LOCKED so several instances can run the worker side by side.
 */
export function createOutbox({ db, mailer, log, pollMs }: OutboxOptions) {
  let running: Promise<number> | null = null;
  let again = false;
  let closed = false;

  async function claim(): Promise<(typeof mailOutbox.$inferSelect)[]> {
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  async function deliver(row: typeof mailOutbox.$inferSelect): Promise<boolean> {
    const attempts = row.attempts + 1;
    try {
      await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
      await db
        .update(mailOutbox)
        .set({ status: 'sent', attempts, sentAt: sql`now()`, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      return true;
    } catch (err) {
      const failed = attempts >= MAX_ATTEMPTS;
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(mailOutbox)
        .set({
          attempts,
          status: failed ? 'failed' : 'pending',
          lastError: message.slice(0, 1000),
          nextAttemptAt: sql`now() + ${`${retryDelayMs(attempts)} milliseconds`}::interval`,
        })
        .where(eq(mailOutbox.id, row.id));
      if (failed) log.error({ err, mailId: row.id }, 'mail given up after repeated failures');
      else log.warn({ err: message, mailId: row.id, attempts }, 'mail delivery failed; will retry');
      return false;
    }
  }

  /** Deliver every due mail; returns how many were sent. Concurrent calls share one run. */
  async function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let sent = 0;
      do {
        again = false;
        for (;;) {
          const rows = await claim();
          if (!rows.length) break;
          for (const row of rows) if (await deliver(row)) sent++;
        }
      } while (again && !closed);
      return sent;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function kick() {
    if (closed) return;
    deliverDue().catch((err) => log.error({ err }, 'mail outbox run failed'));
  }

  const timer = pollMs > 0 ? setInterval(kick, pollMs) : null;
  timer?.unref();

  async function insert(mail: OutgoingMail): Promise<number> {
    const [row] = await db
      .insert(mailOutbox)
      .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('outbox insert returned nothing');
    return row.id;
  }

  return {
    /** Store a mail for delivery; it is attempted straight away, without waiting for it. */
    async enqueue(mail: OutgoingMail): Promise<number> {
      const id = await insert(mail);
      kick();
      return id;
    },
    /**
     * Store a mail and make its first attempt before returning (callers that used to send
     * directly keep their timing); a failed attempt stays queued for retry and does not throw.
     */
    async send(mail: OutgoingMail): Promise<void> {
      const id = await insert(mail);
      const [row] = await db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now() + ${`${CLAIM_MS} milliseconds`}::interval` })
        .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')))
        .returning();
      if (row) await deliver(row);
    },
    deliverDue,
    /** Stop the timer and wait for a run in progress. */
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
