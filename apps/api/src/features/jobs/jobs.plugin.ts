import fp from 'fastify-plugin';
import { createJobRepository, type JobRepository } from './jobs.repository.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobStore: JobRepository;
    /** Background and scheduled work (issue 15; docs/decisions/017-background-jobs.md). */
    jobs: JobRunner;
  }
}

const DAY_MS = 24 * 60 * 60_000;
/** Finished jobs stay visible to staff this long. */
const KEEP_DONE_DAYS = 30;
const KEEP_FAILED_DAYS = 180;

/**
 * The job runner, inside this process by default (JOBS_WORKER=false leaves running to other
 * instances). Plugins define their job kinds and schedules on `app.jobs` when they register;
 * the timer starts once the server is ready.
 */
export default fp(
  async (app) => {
    const repo = createJobRepository(app.db);
    const jobs = createJobRunner({
      repo,
      log: app.log,
      pollMs: app.config.jobsPollMs,
      worker: app.config.jobsWorker,
      onAttempt: (kind, outcome) => app.metrics.jobAttempt(kind, outcome),
      tracer: app.tracing.tracer,
    });
    jobs.define('jobs.cleanup', {
      handler: async (_payload, { log }) => {
        const removed = await repo.removeFinished(KEEP_DONE_DAYS, KEEP_FAILED_DAYS);
        if (removed) log.info({ removed }, 'old finished jobs removed');
      },
      describe: () =>
        `Remove jobs finished more than ${KEEP_DONE_DAYS} days ago (failed: ${KEEP_FAILED_DAYS})`,
    });
    jobs.schedule('jobs.cleanup', DAY_MS);
    app.decorate('jobStore', repo);
    app.decorate('jobs', jobs);
    // Work left from before a restart runs as soon as the server is up.
    app.addHook('onReady', async () => {
      if (!app.config.jobsWorker) return;
      if (app.config.jobsPollMs > 0) {
        jobs.ensureScheduled().catch((err) => app.log.error({ err }, 'scheduling jobs failed'));
      }
      jobs.kick();
    });
    app.addHook('onClose', async () => jobs.close());
  },
  { name: 'jobs', dependencies: ['services', 'metrics'] },
);
