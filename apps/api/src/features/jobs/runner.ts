import { afterCommit, detachedFromUnitOfWork, type Job } from '@lantern/db';
import { SpanStatusCode, type Tracer, trace } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import type { EnqueueOptions, JobRepository } from './jobs.repository.ts';

export interface JobContext {
  job: Job;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;

export interface JobKind {
  handler: JobHandler;
  /** Attempts before the job is failed for good (default 10). */
  maxAttempts?: number;
  /** First retry after this long, doubling up to retryMaxMs (defaults 30 s and an hour). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** What the job is about, for staff; never a secret from its payload. */
  describe?: (payload: unknown) => string;
  /** What to keep of the payload once done (a sent mail's link should not sit in the table). */
  keepWhenDone?: (payload: unknown) => unknown;
}

/**
 * What a handler's error may say about trying again: `permanent` (the same request can only fail
 * the same way, like a provider's 400 for invalid data) fails the job now; `retryAfterMs` (a
 * provider's Retry-After) puts the next try no sooner than that.
 */
export interface JobFailureHints {
  permanent?: boolean;
  retryAfterMs?: number | undefined;
}

/**
 * The property an error of ours carries its hints under. A symbol, so a library's own fields
 * never count: nodemailer marks a refused mailbox `permanent`, and a mail is still retried.
 */
export const JOB_FAILURE_HINTS = Symbol('jobFailureHints');

/** An error that tells the runner whether and when to try again. */
export function jobError(message: string, hints: JobFailureHints): Error {
  return Object.assign(new Error(message), { [JOB_FAILURE_HINTS]: hints });
}

function hintsOf(err: unknown): JobFailureHints {
  if (!err || typeof err !== 'object' || !(JOB_FAILURE_HINTS in err)) return {};
  return (err as { [JOB_FAILURE_HINTS]: JobFailureHints })[JOB_FAILURE_HINTS];
}

export const DEFAULT_RETRY_BASE_MS = 30_000;
export const DEFAULT_RETRY_MAX_MS = 60 * 60_000;
export const DEFAULT_MAX_ATTEMPTS = 10;
/** A claimed job is hidden from other workers this long; past it a crashed worker's job is due again. */
export const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export function retryDelayMs(
  attempts: number,
  base = DEFAULT_RETRY_BASE_MS,
  max = DEFAULT_RETRY_MAX_MS,
): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

export interface JobRunnerOptions {
  repo: JobRepository;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often to look for due and scheduled jobs; 0 turns the timer off (tests drive it). */
  pollMs: number;
  /** false: this instance only enqueues; other instances run the jobs (JOBS_WORKER). */
  worker: boolean;
  /** Hears every finished attempt (metrics). */
  onAttempt?: (kind: string, outcome: 'succeeded' | 'retrying' | 'failed') => void;
  /** One span per attempt, its queries as children (OpenTelemetry; a no-op tracer by default). */
  tracer?: Tracer;
}

type RunnerLog = JobRunnerOptions['log'];

/** One attempt of a claimed job: succeeded, or failed with a retry planned or for good. */
async function attempt(
  repo: JobRepository,
  log: RunnerLog,
  kind: JobKind | undefined,
  job: Job,
  onAttempt: JobRunnerOptions['onAttempt'],
): Promise<boolean> {
  const attempts = job.attempts + 1;
  if (!kind) return false;
  try {
    await kind.handler(job.payload, { job, log });
    await repo.succeeded(job.id, attempts);
    if (kind.keepWhenDone) await repo.setPayload(job.id, kind.keepWhenDone(job.payload));
    onAttempt?.(job.kind, 'succeeded');
    return true;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const hints = hintsOf(err);
    const last = attempts >= job.maxAttempts || hints.permanent === true;
    const delay = Math.max(
      retryDelayMs(attempts, kind.retryBaseMs, kind.retryMaxMs),
      hints.retryAfterMs ?? 0,
    );
    await repo.attemptFailed(job.id, attempts, message, last ? null : delay);
    onAttempt?.(job.kind, last ? 'failed' : 'retrying');
    if (last) log.error({ err, jobId: job.id, kind: job.kind }, 'job failed for good');
    else
      log.warn({ err: message, jobId: job.id, kind: job.kind, attempts }, 'job failed; will retry');
    return false;
  }
}

/** Run one claimed job in its own span; true when it succeeded. */
function inSpan(tracer: Tracer, job: Job, run: () => Promise<boolean>): Promise<boolean> {
  return tracer.startActiveSpan(
    `job ${job.kind}`,
    { attributes: { 'lantern.job.id': job.id, 'lantern.job.attempt': job.attempts + 1 } },
    async (span) => {
      const ok = await run();
      if (!ok) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      return ok;
    },
  );
}

/** The runner's flags, read and set by the module-level steps below. */
interface RunnerState {
  closed: boolean;
  /** The loop of passes running now, if any. */
  kicking: Promise<unknown> | null;
  /** A kick came in during the running loop: one more pass. */
  again: boolean;
}

/** Start the loop of passes over due work, unless one runs: then it makes one more pass. */
function startPasses(
  state: RunnerState,
  log: RunnerLog,
  runDue: () => Promise<number>,
  track: <T>(p: Promise<T>) => Promise<T>,
) {
  if (state.kicking) {
    state.again = true;
    return;
  }
  state.kicking = track(
    (async () => {
      do {
        state.again = false;
        await runDue();
      } while (state.again && !state.closed);
    })()
      .catch((err) => log.error({ err }, 'job run failed'))
      .finally(() => {
        state.kicking = null;
      }),
  );
}

/** Run every due job of these kinds, batch by batch; returns how many succeeded. */
async function runBatches(
  repo: JobRepository,
  state: RunnerState,
  names: readonly string[],
  execute: (job: Job) => Promise<boolean>,
): Promise<number> {
  let done = 0;
  for (;;) {
    if (state.closed) break;
    const batch = await repo.claim(names, BATCH, LEASE_MS);
    if (!batch.length) break;
    for (const [i, job] of batch.entries()) {
      if (state.closed) {
        // Shutting down: the rest of the batch goes back at once, not when its lease runs out.
        await repo.release(batch.slice(i).map((j) => j.id));
        break;
      }
      if (await execute(job)) done++;
    }
  }
  return done;
}

/** Put this period's run of each schedule on the table; the dedupe key makes it once per period. */
async function enqueueSchedules(
  repo: JobRepository,
  state: RunnerState,
  schedules: ReadonlyMap<string, number>,
): Promise<void> {
  const now = Date.now();
  for (const [kind, everyMs] of schedules) {
    // Closing: no new rows (the database may be going away right after, as in tests).
    if (state.closed) return;
    const slot = Math.floor(now / everyMs);
    await repo.enqueue(kind, {}, { dedupeKey: `schedule:${kind}:${slot}` });
  }
}

/** What a job is about, in words; its kind when the kind cannot say. */
function describeJob(kind: JobKind | undefined, job: Pick<Job, 'kind' | 'payload'>): string {
  try {
    return kind?.describe?.(job.payload) ?? job.kind;
  } catch {
    return job.kind;
  }
}

/**
 * Store a job and make its first attempt once its unit of work commits (or at once outside
 * one); true when that attempt succeeded.
 */
async function runFirstAttempt(
  repo: JobRepository,
  kind: string,
  payload: unknown,
  maxAttempts: number,
  execute: (job: Job) => Promise<boolean>,
): Promise<boolean> {
  // Stored leased to us: a poller that wakes between the insert and our attempt skips it, so
  // the first attempt is always ours and made before we return. Should this process die first,
  // the lease runs out and any instance takes the job.
  const job = await repo.enqueue(kind, payload, { maxAttempts, leaseMs: LEASE_MS });
  if (!job) return false;
  let ok = false;
  // In a unit of work: stored with the change, attempted once it commits, before the answer.
  await afterCommit(async () => {
    ok = await execute(job);
  });
  return ok;
}

/**
 * One runner for everything that happens later or on a schedule (issue 15;
 * docs/decisions/017-background-jobs.md). It generalises the mail outbox of decision 012: rows
 * are claimed with FOR UPDATE SKIP LOCKED and a lease, so any number of instances can run side by
 * side, on PGlite and PostgreSQL alike; failures retry with doubling waits. A job runs at least
 * once: a crash after its work but before the `done` update runs it again, so handlers are
 * written to be repeatable.
 */
export function createJobRunner({
  repo,
  log,
  pollMs,
  worker,
  onAttempt,
  tracer = trace.getTracer('lantern'),
}: JobRunnerOptions) {
  const kinds = new Map<string, JobKind>();
  const schedules = new Map<string, number>();
  const state: RunnerState = { closed: false, kicking: null, again: false };
  const inFlight = new Set<Promise<unknown>>();

  function track<T>(p: Promise<T>): Promise<T> {
    inFlight.add(p);
    p.finally(() => inFlight.delete(p)).catch(() => undefined);
    return p;
  }

  const execute = (job: Job) =>
    inSpan(tracer, job, () => attempt(repo, log, kinds.get(job.kind), job, onAttempt));
  /** Run every due job of these kinds (all registered kinds by default); returns how many succeeded. */
  const runDue = (only?: readonly string[]) =>
    runBatches(repo, state, only ?? [...kinds.keys()], execute);
  const ensureScheduled = () => enqueueSchedules(repo, state, schedules);
  const maxAttemptsOf = (kind: string) => kinds.get(kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

  /** Run due work soon, in this process; calls while a run is going fold into one more pass. */
  function kick() {
    if (state.closed || !worker) return;
    detachedFromUnitOfWork(startKick);
  }

  const startKick = () => startPasses(state, log, () => runDue(), track);

  async function tick() {
    if (state.closed) return;
    try {
      await ensureScheduled();
    } catch (err) {
      log.error({ err }, 'scheduling jobs failed');
    }
    kick();
  }

  // Tracked like the runs, so close() waits for a scheduling pass as well as for jobs.
  const timer = worker && pollMs > 0 ? setInterval(() => void track(tick()), pollMs) : null;
  timer?.unref();

  return {
    define(kind: string, options: JobKind) {
      kinds.set(kind, options);
    },
    /** Run `kind` once every `everyMs` (aligned to the epoch) on whichever instance gets there first. */
    schedule(kind: string, everyMs: number) {
      if (!kinds.has(kind)) throw new Error(`schedule of undefined job kind ${kind}`);
      schedules.set(kind, everyMs);
    },
    get kinds(): ReadonlyMap<string, JobKind> {
      return kinds;
    },
    async enqueue(kind: string, payload: unknown, opts: EnqueueOptions = {}) {
      if (!kinds.has(kind)) throw new Error(`enqueue of undefined job kind ${kind}`);
      const job = await repo.enqueue(kind, payload, { maxAttempts: maxAttemptsOf(kind), ...opts });
      // Inside a unit of work the row is not visible to the runner until it commits.
      if (!opts.delayMs) await afterCommit(kick);
      return job;
    },
    /**
     * Store a job and make its first attempt before returning, in this process; a failure stays
     * queued for retry and does not throw. True when the first attempt succeeded.
     */
    async runNow(kind: string, payload: unknown): Promise<boolean> {
      return runFirstAttempt(repo, kind, payload, maxAttemptsOf(kind), (job) =>
        track(execute(job)),
      );
    },
    /**
     * `runNow` in two steps, for a caller that must link the job to its own row in the same
     * unit of work and learn the outcome after it commits: store the job leased to us here…
     */
    enqueueLeased(kind: string, payload: unknown): Promise<Job | null> {
      if (!kinds.has(kind)) throw new Error(`enqueue of undefined job kind ${kind}`);
      return repo.enqueue(kind, payload, { maxAttempts: maxAttemptsOf(kind), leaseMs: LEASE_MS });
    },
    /** …and make its first attempt once that committed; a failure stays queued for retry. */
    runLeased: (job: Job): Promise<boolean> => track(execute(job)),
    runDue: (only?: readonly string[]) => track(runDue(only)),
    /** Put this period's scheduled runs on the table (tracked: close() waits for it). */
    ensureScheduled: () => track(ensureScheduled()),
    kick,
    /** What a job is about, in words, for the staff list. */
    describe: (job: Pick<Job, 'kind' | 'payload'>): string => describeJob(kinds.get(job.kind), job),
    /** Staff's retry: one more attempt now. Null if the job is not failed. */
    async retry(id: number) {
      const job = await repo.retry(id);
      if (job) kick();
      return job;
    },
    /** Stop polling and wait for work in progress. */
    async close() {
      state.closed = true;
      if (timer) clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type JobRunner = ReturnType<typeof createJobRunner>;
