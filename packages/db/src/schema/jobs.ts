import {
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns.ts';

export const jobStatus = pgEnum('job_status', ['pending', 'done', 'failed']);

/**
 * Background and scheduled work (issue 15; docs/decisions/017-background-jobs.md), generalising
 * the mail outbox: a worker claims due rows with FOR UPDATE SKIP LOCKED and a lease
 * (`lockedUntil`), so several instances share the table; failures retry with growing waits until
 * `maxAttempts`, then the job is `failed` and staff can retry it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What to do: a handler registered under this name (`mail.send`, `audit.retention`, …). */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: jobStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    /** Not before: the first run, or the next try after a failure. */
    runAt: tz('run_at').notNull().defaultNow(),
    /** Set while a worker holds the job; past it the job is due again (a crashed worker). */
    lockedUntil: tz('locked_until'),
    lastError: text('last_error'),
    /** One job per key: a schedule's slot (`schedule:audit.retention:2026-05-01`) or a caller's. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    index('jobs_kind_idx').on(t.kind, t.id),
    uniqueIndex('jobs_dedupe_idx').on(t.dedupeKey),
  ],
);

export type Job = typeof jobs.$inferSelect;
