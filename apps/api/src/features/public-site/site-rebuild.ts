import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TMlsBoard, TSiteRebuildStatus } from '@lantern/contracts';
import type { MlsBoard } from '@lantern/db';
import { MLS_BOARDS, type MlsBoardSeed } from '@lantern/db/mls-boards';
import type { FastifyBaseLogger } from 'fastify';
import type { MlsBoardRepository } from '../catalogue/mls-boards.repository.ts';
import { type JobKind, type JobRunner, jobError } from '../jobs/runner.ts';
import { runCommand } from './run-command.ts';
import type { SiteRebuildJobRepository } from './site-rebuild-jobs.repository.ts';

export const SITE_REBUILD_JOB = 'site.rebuild';
/** One waiting rebuild at a time: saves made before it starts fold into it. */
const COALESCE_KEY = `${SITE_REBUILD_JOB}:next`;
/** The variable that tells the web build where the MLS snapshot is (apps/web/src/data/mls.ts). */
export const MLS_BOARDS_FILE_ENV = 'MLS_BOARDS_FILE';

export interface SiteRebuildConfig {
  /** PUBLIC_SITE_REBUILD_COMMAND as program and arguments (command.ts). */
  argv: string[];
  timeoutMs: number;
  /** How long a rebuild waits after the first save, so the saves that follow join it. */
  delayMs: number;
  /** Where the command runs: the repository root, so `pnpm --filter @lantern/web build` works. */
  cwd: string;
  /** The server's own environment, which the command inherits as it would from a shell. */
  env: NodeJS.ProcessEnv;
}

/** A board as the public pages take it (the ZMlsBoardSchema contract, checked by the build). */
export function publicBoard(b: MlsBoard): TMlsBoard {
  return {
    slug: b.slug,
    name: b.name,
    shortName: b.shortName,
    states: b.states,
    counties: b.counties,
    region: b.region,
    website: b.website,
    source: { name: b.sourceName, url: b.sourceUrl },
    notes: b.notes,
    listingFeeCents: b.listingFeeCents,
    rules: b.rules,
  };
}

/** A board's public facts in one fixed shape, to compare the table with the packaged dataset. */
function comparable(b: TMlsBoard | MlsBoardSeed): string {
  return JSON.stringify([
    b.slug,
    b.name,
    b.shortName,
    b.states,
    b.counties,
    b.region,
    b.website,
    b.source.name,
    b.source.url,
    b.notes,
    'listingFeeCents' in b ? (b.listingFeeCents ?? null) : null,
    'rules' in b ? (b.rules ?? null) : null,
  ]);
}

/**
 * Rebuilding the public site after staff change what its pages are built from (the MLS directory;
 * docs/decisions/008 and 028). Each save asks for a rebuild; the request is a `site.rebuild` job
 * (decision 017) with a coalescing key and a short delay, so a burst of saves makes one rebuild.
 * The job frees the key as it starts — a save made while a build runs queues exactly one more —
 * writes the boards to a JSON snapshot in DATA_DIR, and runs the operator's command with
 * MLS_BOARDS_FILE naming it. Without a command there is no job: the pages change on the next deploy.
 */
export function createSiteRebuild(deps: {
  config: SiteRebuildConfig | undefined;
  jobs: JobRunner;
  records: SiteRebuildJobRepository;
  mlsBoards: MlsBoardRepository;
  dataDir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}) {
  const { config } = deps;
  const snapshot = join(deps.dataDir, 'public-site', 'mls-boards.json');

  async function writeSnapshot(): Promise<void> {
    const boards = (await deps.mlsBoards.all()).map(publicBoard);
    await mkdir(join(deps.dataDir, 'public-site'), { recursive: true });
    const partial = `${snapshot}.${process.pid}.tmp`;
    await writeFile(partial, `${JSON.stringify(boards, null, 2)}\n`);
    await rename(partial, snapshot);
  }

  /** Ask for a rebuild after a save: one job however many saves come before it starts. */
  async function request(): Promise<boolean> {
    if (!config) return false;
    await deps.jobs.enqueue(
      SITE_REBUILD_JOB,
      {},
      { dedupeKey: COALESCE_KEY, ...(config.delayMs > 0 ? { delayMs: config.delayMs } : {}) },
    );
    return true;
  }

  const job: JobKind = {
    maxAttempts: 5,
    retryBaseMs: 60_000,
    describe: () => 'Rebuild the public site (the MLS directory pages)',
    async handler(_payload, { job: row, log }) {
      if (!config) throw jobError('PUBLIC_SITE_REBUILD_COMMAND is not set.', { permanent: true });
      await deps.records.releaseDedupeKey(row.id);
      if (await deps.records.otherRunning(row.id))
        throw jobError('Another rebuild was running; this one runs after it.', {
          retryAfterMs: config.delayMs + 30_000,
        });
      await writeSnapshot();
      const started = Date.now();
      const result = await runCommand(config.argv, {
        cwd: config.cwd,
        env: { ...config.env, [MLS_BOARDS_FILE_ENV]: snapshot },
        timeoutMs: config.timeoutMs,
      }).catch((err: Error) => {
        throw jobError(`The rebuild command could not start: ${err.message}`, { permanent: true });
      });
      if (result.timedOut || result.code !== 0) {
        const why = result.timedOut
          ? `The rebuild command did not finish within ${Math.round(config.timeoutMs / 1000)} seconds and was stopped.`
          : result.code === null
            ? `The rebuild command was ended by ${result.signal}.`
            : `The rebuild command exited with code ${result.code}.`;
        // The jobs table keeps 2,000 characters of an error: the end of the output says most.
        const tail = result.output.trim().slice(-1700);
        throw new Error(tail ? `${why} Its last output:\n${tail}` : why);
      }
      log.info({ ms: Date.now() - started }, 'public site rebuilt');
    },
  };

  return {
    configured: !!config,
    job,
    snapshotPath: snapshot,
    request,
    /**
     * At start: a deploy builds the public site from the packaged dataset, so when staff have
     * edited the table since, ask for a rebuild that brings the pages back to what they set.
     */
    async catchUp(): Promise<boolean> {
      if (!config) return false;
      const table = (await deps.mlsBoards.all()).map((b) => comparable(publicBoard(b))).sort();
      const packaged = MLS_BOARDS.map(comparable).sort();
      if (table.length === packaged.length && table.every((b, i) => b === packaged[i]))
        return false;
      deps.log.info('the MLS directory differs from the packaged one: rebuilding the public site');
      return request();
    },
    async status(): Promise<TSiteRebuildStatus> {
      const latest = await deps.records.latest();
      return {
        configured: !!config,
        latest: latest
          ? {
              status: latest.running
                ? 'running'
                : latest.status === 'pending'
                  ? 'waiting'
                  : latest.status,
              queuedAt: latest.createdAt.toISOString(),
              finishedAt: latest.finishedAt ? latest.finishedAt.toISOString() : null,
            }
          : null,
      };
    },
  };
}
export type SiteRebuild = ReturnType<typeof createSiteRebuild>;
