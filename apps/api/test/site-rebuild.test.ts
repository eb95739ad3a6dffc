import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobs } from '@lantern/db';
import { ADMIN_API } from '@lantern/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import type { SiteRebuildConfig } from '../src/features/public-site/site-rebuild.ts';
import {
  BROWSER,
  buildTestApp,
  createTestDatabase,
  type TestApp,
  testConfig,
} from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';

/**
 * Issue 20: an MLS save asks for a rebuild of the public pages; the `site.rebuild` job runs
 * PUBLIC_SITE_REBUILD_COMMAND (here a real node script that writes a marker file), coalesces
 * saves, stops a command that hangs, and keeps the output of one that fails (decision 028).
 */
const SCRIPT = join(import.meta.dirname, 'fixtures', 'rebuild-marker.mjs');
const DELAY_MS = 400;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process has ended (gone, or a zombie its new parent has not reaped yet). */
async function ended(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    const stat = join('/proc', String(pid), 'stat');
    if (!existsSync(stat)) return true;
    try {
      if (readFileSync(stat, 'utf8').split(') ')[1]?.startsWith('Z')) return true;
    } catch {
      return true;
    }
    await sleep(100);
  }
  return false;
}

let t: TestApp;
let owner: SignedIn;
let dir: string;
let marker: string;

const rebuild = (argv: string[], cwd: string): SiteRebuildConfig => ({
  argv,
  timeoutMs: 3000,
  delayMs: DELAY_MS,
  cwd,
  env: { PATH: process.env.PATH ?? '' },
});

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lantern-rebuild-'));
  marker = join(dir, 'marker.log');
  writeFileSync(join(dir, 'mode'), 'ok');
  t = await buildTestApp({
    jobsPollMs: 0,
    publicSiteRebuild: rebuild([process.execPath, SCRIPT, marker], dir),
  });
  owner = await signUpUser(t.app, 'owner');
  await giveStaffRole(t.app, owner.userId, 'owner');
});
afterAll(() => t.close());

const mode = (m: 'ok' | 'slow' | 'fail' | 'hang') => writeFileSync(join(dir, 'mode'), m);
const builds = () =>
  existsSync(marker)
    ? readFileSync(marker, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { boards: number; rules: string | null })
    : [];
const rebuildJobs = () =>
  t.app.db.select().from(jobs).where(eq(jobs.kind, 'site.rebuild')).orderBy(asc(jobs.id));
const status = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: ADMIN_API.siteRebuild,
      headers: { ...BROWSER, cookie: owner.cookie },
    })
  ).json();

/** A board row as the repository's update takes it. */
function fieldsOf(b: Awaited<ReturnType<TestApp['app']['mlsBoards']['bySlug']>>) {
  if (!b) throw new Error('no board');
  const { id: _i, slug: _s, createdAt: _c, updatedAt: _u, ...fields } = b;
  return fields;
}

async function saveRules(rules: string) {
  const list = await t.app.inject({
    method: 'GET',
    url: `${ADMIN_API.mlsBoards}?search=nwmls`,
    headers: { ...BROWSER, cookie: owner.cookie },
  });
  const { slug: _s, updatedAt: _u, ...fields } = list.json().rows[0];
  const res = await t.app.inject({
    method: 'PUT',
    url: ADMIN_API.mlsBoard('nwmls'),
    headers: { ...BROWSER, cookie: owner.cookie },
    payload: { ...fields, rules },
  });
  expect(res.statusCode).toBe(200);
}

describe('public-site rebuild', () => {
  it('folds several saves in a row into one rebuild, built from the last of them', async () => {
    await saveRules('First wording.');
    await saveRules('Second wording.');
    await saveRules('Third wording.');
    expect(await rebuildJobs()).toHaveLength(1);
    expect((await status()).latest.status).toBe('waiting');
    // Not before the delay: saves made meanwhile join it.
    expect(await t.app.jobs.runDue(['site.rebuild'])).toBe(0);
    await sleep(DELAY_MS + 100);
    expect(await t.app.jobs.runDue(['site.rebuild'])).toBe(1);
    expect(builds()).toEqual([{ boards: 25, rules: 'Third wording.' }]);
    const [done] = await rebuildJobs();
    expect(done).toMatchObject({ status: 'done', attempts: 1 });
    expect(await status()).toMatchObject({ configured: true, latest: { status: 'done' } });
    // The snapshot the command read is the table, in the public pages' shape.
    const snapshot = JSON.parse(
      readFileSync(join(t.app.config.dataDir, 'public-site', 'mls-boards.json'), 'utf8'),
    );
    expect(snapshot.find((b: { slug: string }) => b.slug === 'nwmls')).toMatchObject({
      source: { name: 'NWMLS website' },
      rules: 'Third wording.',
      listingFeeCents: null,
    });
  });

  it('a save while a rebuild runs queues exactly one more, which runs after it', async () => {
    mode('slow');
    await saveRules('Fourth wording.');
    await sleep(DELAY_MS + 100);
    const running = t.app.jobs.runDue(['site.rebuild']);
    for (let i = 0; i < 50 && (await status()).latest?.status !== 'running'; i++) await sleep(50);
    expect((await status()).latest.status).toBe('running');
    await saveRules('Fifth wording.');
    await saveRules('Sixth wording.');
    // The two saves made one more job, due before the slow build ended: the same run takes it
    // up after the first, never beside it.
    expect(await running).toBe(2);
    expect(builds().map((b) => b.rules)).toEqual([
      'Third wording.',
      'Fourth wording.',
      'Sixth wording.',
    ]);
    expect((await rebuildJobs()).map((j) => j.status)).toEqual(['done', 'done', 'done']);
    mode('ok');
  });

  it('keeps the end of a failed command’s output in the job’s error, to retry later', async () => {
    mode('fail');
    await saveRules('Seventh wording.');
    await sleep(DELAY_MS + 100);
    expect(await t.app.jobs.runDue(['site.rebuild'])).toBe(0);
    const failed = (await rebuildJobs()).at(-1);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toContain('The rebuild command exited with code 3.');
    expect(failed?.lastError).toContain('page /mls/nwmls: the board has no name');
    expect(failed?.lastError).toContain('building /mls pages');
    expect((await status()).latest.status).toBe('waiting');
  });

  it('stops a command that runs past the timeout, with everything it started', async () => {
    mode('hang');
    await saveRules('Eighth wording.');
    await sleep(DELAY_MS + 100);
    const started = Date.now();
    expect(await t.app.jobs.runDue(['site.rebuild'])).toBe(0);
    expect(Date.now() - started).toBeLessThan(9000);
    const job = (await rebuildJobs()).at(-1);
    expect(job?.lastError).toContain('did not finish within 3 seconds and was stopped');
    const pids = readFileSync(join(dir, 'pids'), 'utf8').split(' ').map(Number);
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(await ended(pid), `pid ${pid}`).toBe(true);
    mode('ok');
  }, 15_000);

  it('fails at once, in words, when the program cannot be started', async () => {
    const other = await buildTestApp({
      jobsPollMs: 0,
      publicSiteRebuild: { ...rebuild(['/nonexistent/lantern-rebuild'], dir), delayMs: 0 },
    });
    try {
      expect(other.app.siteRebuild.configured).toBe(true);
      expect(await other.app.siteRebuild.request()).toBe(true);
      // Enqueued without a delay, the runner makes the attempt at once, in the background.
      const attempted = async () =>
        (await other.app.db.select().from(jobs).where(eq(jobs.kind, 'site.rebuild')))[0];
      for (let i = 0; i < 40 && (await attempted())?.attempts === 0; i++) await sleep(50);
      const job = await attempted();
      expect(job).toMatchObject({ status: 'failed', attempts: 1 });
      expect(job?.lastError).toMatch(/^The rebuild command could not start: .*ENOENT/);
    } finally {
      await other.close();
    }
  });

  it('at start, rebuilds when the table differs from the packaged dataset a deploy builds from', async () => {
    const { database, drop } = await createTestDatabase();
    const start = async () => {
      const app = await buildApp({
        config: testConfig({
          jobsPollMs: 0,
          // A long delay: a later instance's start-up kick must not run (and so release) the
          // first instance's rebuild before the count, however slow the machine.
          publicSiteRebuild: {
            ...rebuild([process.execPath, SCRIPT, marker], dir),
            delayMs: 600_000,
          },
        }),
        database,
        logger: false,
      });
      await app.ready();
      return app;
    };
    const queued = async (app: Awaited<ReturnType<typeof start>>) =>
      (await app.db.select().from(jobs).where(eq(jobs.kind, 'site.rebuild'))).length;
    try {
      // As seeded: the deploy's build already shows it, so nothing is queued.
      const first = await start();
      expect(await queued(first)).toBe(0);
      expect(
        await first.mlsBoards.update('har', {
          ...fieldsOf(await first.mlsBoards.bySlug('har')),
          rules: 'Edited.',
        }),
      ).toBeTruthy();
      await first.close();
      // Restarted (a deploy) after an edit: one rebuild, however many instances start.
      const second = await start();
      const third = await start();
      expect(await queued(second)).toBe(1);
      await Promise.all([second.close(), third.close()]);
    } finally {
      await drop();
    }
  });

  it('reads the command from the environment without a shell, and refuses shell syntax at start', () => {
    const base = { NODE_ENV: 'test', SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' };
    const { config } = loadConfig({
      ...base,
      PUBLIC_SITE_REBUILD_COMMAND: 'pnpm --filter @lantern/web build',
      PUBLIC_SITE_REBUILD_DELAY_SECONDS: '5',
    });
    expect(config.publicSiteRebuild).toMatchObject({
      argv: ['pnpm', '--filter', '@lantern/web', 'build'],
      delayMs: 5000,
      timeoutMs: 240_000,
    });
    expect(loadConfig(base).config.publicSiteRebuild).toBeUndefined();
    expect(() =>
      loadConfig({ ...base, PUBLIC_SITE_REBUILD_COMMAND: 'pnpm build && ./deploy.sh' }),
    ).toThrow(/PUBLIC_SITE_REBUILD_COMMAND uses &, which needs a shell/);
    expect(() =>
      loadConfig({
        ...base,
        PUBLIC_SITE_REBUILD_COMMAND: 'pnpm build',
        PUBLIC_SITE_REBUILD_TIMEOUT_SECONDS: '600',
      }),
    ).toThrow(/PUBLIC_SITE_REBUILD_TIMEOUT_SECONDS/);
  });
});
