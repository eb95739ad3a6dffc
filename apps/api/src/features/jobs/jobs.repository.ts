import { type Db, type Job, jobs } from '@lantern/db';
import { and, eq, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, sortText, toPage } from '../../lib/keyset.ts';

const ms = (n: number) => sql`now() + ${`${Math.round(n)} milliseconds`}::interval`;

export interface EnqueueOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  maxAttempts?: number;
  /** At most one job with this key ever exists: a second enqueue is a no-op. */
  dedupeKey?: string;
  /**
   * Stored already leased to this caller for this long, so no poller can take it between the
   * insert and the caller's own first attempt (`runNow`).
   */
  leaseMs?: number;
}

export type JobListStatus = 'all' | 'pending' | 'running' | 'done' | 'failed';

const due = (kinds: readonly string[]) =>
  and(
    eq(jobs.status, 'pending'),
    lte(jobs.runAt, sql`now()`),
    or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
    inArray(jobs.kind, [...kinds]),
  );

/** Enqueuing and claiming jobs, and letting them go. */
function jobQueue(db: Db) {
  return {
    /** Insert a job; with a dedupe key already taken, nothing happens and null comes back. */
    async enqueue(kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<Job | null> {
      const [row] = await db
        .insert(jobs)
        .values({
          kind,
          payload: payload ?? {},
          runAt: opts.delayMs ? ms(opts.delayMs) : sql`now()`,
          ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
          ...(opts.dedupeKey ? { dedupeKey: opts.dedupeKey } : {}),
          ...(opts.leaseMs ? { lockedUntil: ms(opts.leaseMs) } : {}),
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /**
     * Lease up to `limit` due jobs of these kinds to this worker. SKIP LOCKED lets several
     * instances claim side by side without waiting on or double-taking each other's rows.
     */
    async claim(kinds: readonly string[], limit: number, leaseMs: number): Promise<Job[]> {
      if (!kinds.length) return [];
      const ids = db
        .select({ id: jobs.id })
        .from(jobs)
        .where(due(kinds))
        .orderBy(jobs.runAt, jobs.id)
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(jobs)
        .set({ lockedUntil: ms(leaseMs) })
        .where(inArray(jobs.id, ids))
        .returning();
      // RETURNING keeps no order: oldest first, as they were picked.
      return claimed.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
    },

    /** Give back leased jobs this worker will not start (it is shutting down): due again now. */
    async release(ids: readonly number[]): Promise<void> {
      if (!ids.length) return;
      await db
        .update(jobs)
        .set({ lockedUntil: null })
        .where(and(inArray(jobs.id, [...ids]), eq(jobs.status, 'pending')));
    },
  };
}

/** A run's outcome, a new payload, and a retry. */
function jobOutcomes(db: Db) {
  return {
    async succeeded(id: number, attempts: number): Promise<void> {
      await db
        .update(jobs)
        .set({
          status: 'done',
          attempts,
          lastError: null,
          lockedUntil: null,
          finishedAt: sql`now()`,
        })
        .where(eq(jobs.id, id));
    },

    /** Record a failed attempt: due again after `retryInMs`, or failed for good when null. */
    async attemptFailed(
      id: number,
      attempts: number,
      error: string,
      retryInMs: number | null,
    ): Promise<void> {
      await db
        .update(jobs)
        .set({
          attempts,
          lastError: error.slice(0, 2000),
          lockedUntil: null,
          ...(retryInMs === null
            ? { status: 'failed' as const, finishedAt: sql`now()` }
            : { runAt: ms(retryInMs) }),
        })
        .where(eq(jobs.id, id));
    },

    async setPayload(id: number, payload: unknown): Promise<void> {
      await db
        .update(jobs)
        .set({ payload: payload ?? {} })
        .where(eq(jobs.id, id));
    },

    /** Staff's retry: a failed job gets one more attempt, now. Null if it is not failed. */
    async retry(id: number): Promise<Job | null> {
      const [row] = await db
        .update(jobs)
        .set({
          status: 'pending',
          maxAttempts: sql`${jobs.attempts} + 1`,
          runAt: sql`now()`,
          finishedAt: null,
          lockedUntil: null,
        })
        .where(and(eq(jobs.id, id), eq(jobs.status, 'failed')))
        .returning();
      return row ?? null;
    },

    async byId(id: number): Promise<Job | undefined> {
      const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
      return row;
    },
  };
}

/** Clearing finished jobs, the counts, and staff's page. */
function jobHousekeeping(db: Db) {
  return {
    /** Finished jobs older than these ages are removed (the cleanup schedule). */
    async removeFinished(doneOlderThanDays: number, failedOlderThanDays: number): Promise<number> {
      const rows = await db
        .delete(jobs)
        .where(
          or(
            and(
              eq(jobs.status, 'done'),
              sql`${jobs.finishedAt} < now() - ${`${doneOlderThanDays} days`}::interval`,
            ),
            and(
              eq(jobs.status, 'failed'),
              sql`${jobs.finishedAt} < now() - ${`${failedOlderThanDays} days`}::interval`,
            ),
          ),
        )
        .returning({ id: jobs.id });
      return rows.length;
    },

    /** Jobs waiting to run now (due, not leased), for the queue-depth metric. */
    async countDue(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(
          and(
            eq(jobs.status, 'pending'),
            lte(jobs.runAt, sql`now()`),
            or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
          ),
        );
      return row?.n ?? 0;
    },

    async countFailed(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(eq(jobs.status, 'failed'));
      return row?.n ?? 0;
    },

    /** A page of jobs for staff, newest first by default. */
    async page(q: {
      status: JobListStatus;
      kind?: string | undefined;
      search?: string | undefined;
      dir: 'asc' | 'desc';
      limit: number;
      cursor?: string | undefined;
    }) {
      const sort: KeysetSort = { expr: jobs.id, type: 'bigint', dir: q.dir };
      const filters: Array<SQL | undefined> = [
        statusFilter(q.status),
        q.kind ? eq(jobs.kind, q.kind) : undefined,
        q.search
          ? or(
              ilike(jobs.kind, `%${escapeLike(q.search)}%`),
              ilike(jobs.lastError, `%${escapeLike(q.search)}%`),
            )
          : undefined,
        afterCursor(sort, jobs.id, q.cursor),
      ];
      const rows = await db
        .select({
          job: jobs,
          running: sql<boolean>`(${jobs.status} = 'pending' and ${jobs.lockedUntil} > now())`,
          sortKey: sortText(sort),
          keyId: jobs.id,
        })
        .from(jobs)
        .where(and(...filters))
        .orderBy(...keysetOrder(sort, jobs.id))
        .limit(q.limit + 1);
      return toPage(rows, q.limit);
    },
  };
}

/** The jobs table's queries (issue 15); the runner's rules are in services/jobs. */
export function createJobRepository(db: Db) {
  return { ...jobQueue(db), ...jobOutcomes(db), ...jobHousekeeping(db) };
}
export type JobRepository = ReturnType<typeof createJobRepository>;

function statusFilter(status: JobListStatus): SQL | undefined {
  switch (status) {
    case 'all':
      return undefined;
    case 'running':
      return and(eq(jobs.status, 'pending'), sql`${jobs.lockedUntil} > now()`);
    case 'pending':
      return and(
        eq(jobs.status, 'pending'),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
      );
    default:
      return eq(jobs.status, status);
  }
}

/** `%` and `_` typed into a search box are literal characters, not wildcards. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
