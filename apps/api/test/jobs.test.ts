import { JOB_TEXTS } from '@lantern/contracts';
import { createDatabase, jobs } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRepository } from '../src/features/jobs/jobs.repository.ts';
import { createJobRunner, jobError, retryDelayMs } from '../src/features/jobs/runner.ts';
import {
  BROWSER,
  buildTestApp,
  createTestDatabase,
  type TestApp,
} from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

const quiet = { info() {}, warn() {}, error() {} };

describe('job runner', () => {
  let t: TestApp;
  let ops: SignedIn;
  let support: SignedIn;
  const seen: string[] = [];
  let failNext = 0;

  beforeAll(async () => {
    // No in-process kicks: the test runs due jobs itself, so nothing races it.
    t = await buildTestApp({ jobsPollMs: 0, jobsWorker: false });
    t.app.jobs.define('test.echo', {
      handler: async (payload) => {
        if (failNext > 0) {
          failNext--;
          throw new Error('the far side is down');
        }
        seen.push((payload as { word: string }).word);
      },
      maxAttempts: 2,
      describe: (payload) => `Echo ${(payload as { word: string }).word}`,
    });
    ops = await signUpUser(t.app, 'ops');
    await giveStaffRole(t.app, ops.userId, 'operations');
    support = await signUpUser(t.app, 'support');
    await giveStaffRole(t.app, support.userId, 'support');
  });
  afterAll(() => t.close());

  const row = async (id: number) => (await t.app.db.select().from(jobs).where(eq(jobs.id, id)))[0];
  const makeDue = (id: number) =>
    t.app.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));

  it('waits longer after each failure, up to the cap', () => {
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(60_000);
    expect(retryDelayMs(30)).toBe(60 * 60_000);
    expect(retryDelayMs(3, 1000, 3000)).toBe(3000);
  });

  it("only our own hints stop retries: a library error's `permanent` field does not", async () => {
    t.app.jobs.define('test.hinted', {
      handler: async (payload) => {
        const { kind } = payload as { kind: string };
        // nodemailer marks a refused mailbox so; it must still be tried again.
        if (kind === 'library')
          throw Object.assign(new Error('550 no such user'), { permanent: true });
        throw jobError('the provider refused the data', { permanent: true });
      },
      maxAttempts: 5,
    });
    const library = await t.app.jobs.enqueue('test.hinted', { kind: 'library' });
    const ours = await t.app.jobs.enqueue('test.hinted', { kind: 'ours' });
    await t.app.jobs.runDue(['test.hinted']);
    expect(await row(library?.id ?? 0)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await row(ours?.id ?? 0)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('runs an enqueued job once; a job with a taken dedupe key is not added again', async () => {
    const job = await t.app.jobs.enqueue('test.echo', { word: 'once' }, { dedupeKey: 'echo-once' });
    const again = await t.app.jobs.enqueue(
      'test.echo',
      { word: 'twice' },
      { dedupeKey: 'echo-once' },
    );
    expect(again).toBeNull();
    await t.app.jobs.runDue(['test.echo']);
    expect(seen.filter((w) => w === 'once' || w === 'twice')).toEqual(['once']);
    expect(await row(job?.id ?? 0)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('retries after a wait, fails for good after its attempts, and staff retry it once more', async () => {
    failNext = 2;
    const job = await t.app.jobs.enqueue('test.echo', { word: 'stubborn' }, { delayMs: 60_000 });
    const id = job?.id ?? 0;
    await makeDue(id);
    expect(await t.app.jobs.runDue(['test.echo'])).toBe(0);
    const waiting = await row(id);
    expect(waiting).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'the far side is down',
    });
    expect(waiting?.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: left alone.
    expect(await t.app.jobs.runDue(['test.echo'])).toBe(0);
    expect((await row(id))?.attempts).toBe(1);
    await makeDue(id);
    await t.app.jobs.runDue(['test.echo']);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 2 });

    // Staff see it among the failed jobs, described in words.
    const list = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_API.jobs}?status=failed`,
      headers: { cookie: ops.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().rows).toContainEqual(
      expect.objectContaining({
        id,
        summary: 'Echo stubborn',
        status: 'failed',
        lastError: 'the far side is down',
      }),
    );
    // Support may not see jobs; operations may retry.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: ADMIN_API.jobs,
          headers: { cookie: support.cookie },
        })
      ).statusCode,
    ).toBe(403);
    const retried = await t.app.inject({
      method: 'POST',
      url: ADMIN_API.jobRetry(id),
      headers: { ...BROWSER, cookie: ops.cookie },
      payload: {},
    });
    expect(retried.statusCode).toBe(202);
    await t.app.jobs.runDue(['test.echo']);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 3 });
    expect(seen).toContain('stubborn');
    const twice = await t.app.inject({
      method: 'POST',
      url: ADMIN_API.jobRetry(id),
      headers: { ...BROWSER, cookie: ops.cookie },
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(JOB_TEXTS.notFailed);
  });

  it('a crashed worker’s job is due again once its lease runs out', async () => {
    const job = await t.app.jobs.enqueue('test.echo', { word: 'orphan' }, { delayMs: 60_000 });
    const id = job?.id ?? 0;
    await makeDue(id);
    const repo = createJobRepository(t.app.db);
    // A worker claims it and dies: the job is hidden while the lease lasts.
    expect((await repo.claim(['test.echo'], 10, 60_000)).map((j) => j.id)).toContain(id);
    expect((await repo.claim(['test.echo'], 10, 60_000)).map((j) => j.id)).not.toContain(id);
    await t.app.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    await t.app.jobs.runDue(['test.echo']);
    expect(await row(id)).toMatchObject({ status: 'done' });
  });

  it('a worker shutting down finishes the job it is running and gives back the rest at once', async () => {
    const repo = createJobRepository(t.app.db);
    const runner = createJobRunner({ repo, log: quiet, pollMs: 0, worker: true });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const done: number[] = [];
    runner.define('test.slow', {
      handler: async (payload) => {
        started();
        await finished;
        done.push((payload as { n: number }).n);
      },
    });
    const ids: number[] = [];
    for (let n = 0; n < 3; n++) ids.push((await repo.enqueue('test.slow', { n }))?.id ?? 0);
    const run = runner.runDue();
    await running;
    const closing = runner.close();
    finish();
    await Promise.all([run, closing]);
    expect(done).toEqual([0]);
    const rest = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'test.slow'));
    const byId = new Map(rest.map((j) => [j.id, j]));
    expect(byId.get(ids[0] ?? 0)).toMatchObject({ status: 'done' });
    for (const id of ids.slice(1)) {
      expect(byId.get(id)).toMatchObject({ status: 'pending', lockedUntil: null });
    }
    await t.app.db.delete(jobs).where(eq(jobs.kind, 'test.slow'));
  });

  it('schedules one run per period, whichever runner gets there first', async () => {
    const repo = createJobRepository(t.app.db);
    const runners = [1, 2].map(() => {
      const r = createJobRunner({ repo, log: quiet, pollMs: 0, worker: true });
      r.define('test.tick', { handler: async () => {} });
      r.schedule('test.tick', 24 * 60 * 60_000);
      return r;
    });
    await Promise.all(runners.map((r) => r.ensureScheduled()));
    await Promise.all(runners.map((r) => r.ensureScheduled()));
    const ticks = await t.app.db.select().from(jobs).where(eq(jobs.kind, 'test.tick'));
    expect(ticks).toHaveLength(1);
    await Promise.all(runners.map((r) => r.close()));
  });

  it('runNow makes the first attempt itself even when a poller wakes right after the insert', async () => {
    const repo = createJobRepository(t.app.db);
    const ran: string[] = [];
    const poller = createJobRunner({ repo, log: quiet, pollMs: 0, worker: true });
    poller.define('test.first', {
      handler: async () => {
        ran.push('poller');
      },
    });
    // The caller's runner stores the job; before it can attempt it, another instance's poll runs.
    const enqueue = repo.enqueue;
    const callerRepo = {
      ...repo,
      enqueue: async (...args: Parameters<typeof enqueue>) => {
        const job = await enqueue(...args);
        await poller.runDue(['test.first']);
        return job;
      },
    };
    const racing = createJobRunner({ repo: callerRepo, log: quiet, pollMs: 0, worker: true });
    racing.define('test.first', {
      handler: async () => {
        ran.push('caller');
      },
    });
    expect(await racing.runNow('test.first', {})).toBe(true);
    expect(ran).toEqual(['caller']);
    await Promise.all([poller, racing].map((r) => r.close()));
  });
});

const url = process.env.DATABASE_URL;
if (!url) {
  console.log(
    'two-runner job test skipped: it needs PostgreSQL shared by two pools (set DATABASE_URL).',
  );
}

describe.skipIf(!url)('two runners on one PostgreSQL database', () => {
  let shared: Awaited<ReturnType<typeof createTestDatabase>>;
  let second: Awaited<ReturnType<typeof createDatabase>>;
  beforeAll(async () => {
    shared = await createTestDatabase();
    second = await createDatabase({ url, schemaName: shared.schemaName, poolMax: 4 });
  });
  afterAll(async () => {
    await second?.close();
    await shared?.drop();
  });

  it('run every job exactly once between them', async () => {
    const ran: number[] = [];
    const runners = [shared.database, second].map((database) => {
      const r = createJobRunner({
        repo: createJobRepository(database.db),
        log: quiet,
        pollMs: 0,
        worker: true,
      });
      r.define('test.count', {
        handler: async (payload) => {
          await new Promise((resolve) => setTimeout(resolve, 2));
          ran.push((payload as { n: number }).n);
        },
      });
      return r;
    });
    const repo = createJobRepository(shared.database.db);
    for (let n = 0; n < 200; n++) await repo.enqueue('test.count', { n });
    const [fromA = 0, fromB = 0] = await Promise.all(runners.map((r) => r.runDue()));
    expect(fromA + fromB).toBe(200);
    expect(fromA).toBeGreaterThan(0);
    expect(fromB).toBeGreaterThan(0);
    expect(ran.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i));
    await Promise.all(runners.map((r) => r.close()));
  });
});
