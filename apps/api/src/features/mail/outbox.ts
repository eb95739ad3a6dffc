import type { Job } from '@lantern/db';
import type { JobRunner } from '../jobs/runner.ts';
import { retryDelayMs as backoff } from '../jobs/runner.ts';
import type { Mailer, OutgoingMail } from './index.ts';
import { MAIL_JOB } from './mail-outbox.repository.ts';

export { MAIL_JOB };
/** First retry after 30 s, doubling up to an hour; about a day of tries before giving up (decision 012). */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
export const MAX_ATTEMPTS = 30;

export function retryDelayMs(attempts: number): number {
  return backoff(attempts, RETRY_BASE_MS, RETRY_MAX_MS);
}

function asMail(payload: unknown): OutgoingMail {
  const p = payload as Partial<OutgoingMail>;
  if (typeof p?.to !== 'string' || typeof p.subject !== 'string')
    throw new Error('mail job without an address or subject');
  return {
    to: p.to,
    subject: p.subject,
    text: p.text ?? '',
    html: p.html ?? '',
    ...(Array.isArray(p.attachments) ? { attachments: p.attachments } : {}),
    ...(typeof p.replyTo === 'string' ? { replyTo: p.replyTo } : {}),
    ...(p.headers && typeof p.headers === 'object' ? { headers: p.headers } : {}),
    ...(typeof p.messageId === 'string' ? { messageId: p.messageId } : {}),
  };
}

/**
 * The Message-ID of the mail a job row sends, decided by the row (its id and when it was made):
 * a run again after a crash between the SMTP "250" and the `done` update sends the same
 * Message-ID, so the receiving server can drop the copy (issue 40; decision 067). The creation
 * time keeps it unique should ids ever start again (a restored backup).
 */
export function messageIdFor(job: Pick<Job, 'id' | 'createdAt'>, domain: string): string {
  return `<mail.${job.id}.${job.createdAt.getTime().toString(36)}@${domain}>`;
}

/**
 * The mail outbox (issue 8), now one kind of job: `enqueue` stores the mail and returns at once;
 * the runner delivers it right after and retries until the SMTP server accepts it. A mail is
 * sent at least once: a crash between the SMTP "250" and the `done` update sends it twice, never
 * zero times. Once sent only the address and subject are kept: the body may hold a link that
 * signs someone in.
 */
export function createOutbox({
  jobs,
  mailer,
  domain,
}: {
  jobs: JobRunner;
  mailer: Mailer;
  /** The site's host name, the right-hand side of every Message-ID. */
  domain: string;
}) {
  jobs.define(MAIL_JOB, {
    handler: (payload, { job }) =>
      mailer.send({ messageId: messageIdFor(job, domain), ...asMail(payload) }),
    maxAttempts: MAX_ATTEMPTS,
    retryBaseMs: RETRY_BASE_MS,
    retryMaxMs: RETRY_MAX_MS,
    describe: (payload) => {
      const p = payload as Partial<OutgoingMail>;
      return `Mail to ${p.to ?? 'unknown'}: ${p.subject ?? ''}`;
    },
    keepWhenDone: (payload) => {
      const p = payload as Partial<OutgoingMail>;
      return { to: p.to, subject: p.subject };
    },
  });

  return {
    /** Store a mail for delivery; it is attempted straight away, without waiting for it. */
    async enqueue(mail: OutgoingMail): Promise<number> {
      const job = await jobs.enqueue(MAIL_JOB, mail);
      if (!job) throw new Error('mail job insert returned nothing');
      return job.id;
    },
    /**
     * Store a mail and make its first attempt before returning (callers that used to send
     * directly keep their timing); a failed attempt stays queued for retry and does not throw.
     */
    async send(mail: OutgoingMail): Promise<void> {
      await jobs.runNow(MAIL_JOB, mail);
    },
    /** Deliver every due mail now; returns how many were sent. */
    deliverDue: () => jobs.runDue([MAIL_JOB]),
  };
}
export type Outbox = ReturnType<typeof createOutbox>;
