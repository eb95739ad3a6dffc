import type { TMailState } from '@lantern/contracts';
import { type Db, jobs } from '@lantern/db';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';
import { escapeLike } from '../jobs/jobs.repository.ts';

/** The job kind every mail is (docs/decisions/017-background-jobs.md); the outbox lists them. */
export const MAIL_JOB = 'mail.send';

const leased = sql`(${jobs.lockedUntil} is not null and ${jobs.lockedUntil} > now())`;

/** A mail job's state in staff's words (contracts' MAIL_STATES). */
const state = sql<TMailState>`case
  when ${jobs.status} = 'done' then 'sent'
  when ${jobs.status} = 'failed' then 'failed'
  when ${leased} then 'sending'
  when ${jobs.attempts} = 0 then 'queued'
  else 'retrying' end`;

function stateFilter(wanted: TMailState | 'all'): SQL | undefined {
  switch (wanted) {
    case 'all':
      return undefined;
    case 'sent':
      return eq(jobs.status, 'done');
    case 'failed':
      return eq(jobs.status, 'failed');
    case 'sending':
      return and(eq(jobs.status, 'pending'), leased);
    case 'queued':
      return and(eq(jobs.status, 'pending'), sql`not ${leased}`, eq(jobs.attempts, 0));
    case 'retrying':
      return and(eq(jobs.status, 'pending'), sql`not ${leased}`, sql`${jobs.attempts} > 0`);
  }
}

/**
 * Only these columns of a mail job ever leave the database here: the payload's address and
 * subject, never its body (a body can hold a sign-in link; docs/decisions/026).
 */
const columns = {
  id: jobs.id,
  state,
  to: sql<string>`coalesce(${jobs.payload}->>'to', '')`,
  subject: sql<string>`coalesce(${jobs.payload}->>'subject', '')`,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  runAt: jobs.runAt,
  finishedAt: jobs.finishedAt,
  lastError: jobs.lastError,
  createdAt: jobs.createdAt,
};
export type MailRow = {
  id: number;
  state: TMailState;
  to: string;
  subject: string;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  finishedAt: Date | null;
  lastError: string | null;
  createdAt: Date;
};

/** The mail outbox as staff see it (issue 20): the `mail.send` jobs, address and subject only. */
export function createMailOutboxRepository(db: Db) {
  const isMail = eq(jobs.kind, MAIL_JOB);
  return {
    /** A page of mails, newest first by default, by state and address or subject. */
    async page(q: {
      state: TMailState | 'all';
      search?: string | undefined;
      dir: 'asc' | 'desc';
      limit: number;
      cursor?: string | undefined;
    }) {
      const sort: KeysetSort = { expr: jobs.id, type: 'bigint', dir: q.dir };
      const like = q.search ? `%${escapeLike(q.search)}%` : null;
      const rows = await db
        .select({ ...columns, sortKey: sortText(sort), keyId: jobs.id })
        .from(jobs)
        .where(
          and(
            isMail,
            stateFilter(q.state),
            like
              ? or(
                  ilike(sql`${jobs.payload}->>'to'`, like),
                  ilike(sql`${jobs.payload}->>'subject'`, like),
                )
              : undefined,
            afterCursor(sort, jobs.id, q.cursor),
          ),
        )
        .orderBy(...keysetOrder(sort, jobs.id))
        .limit(q.limit + 1);
      return toPage<MailRow & { sortKey: string; keyId: number }>(rows, q.limit);
    },

    /** One mail by its job id; undefined when there is none or the job is not a mail. */
    async byId(id: number): Promise<MailRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(jobs)
        .where(and(isMail, eq(jobs.id, id)));
      return row;
    },
  };
}
export type MailOutboxRepository = ReturnType<typeof createMailOutboxRepository>;
