import {
  JOB_TEXTS,
  type TJobRow,
  ZJobIdParamsSchema,
  ZJobRowSchema,
  ZJobsPageSchema,
  ZJobsQuerySchema,
} from '@lantern/contracts';
import type { Job } from '@lantern/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobRunner } from '../../../features/jobs/runner.ts';
import { ERRORS, notFound, page } from '../../_shared/replies.ts';

function toRow(jobs: JobRunner, job: Job, running: boolean): TJobRow {
  return {
    id: job.id,
    kind: job.kind,
    summary: jobs.describe(job),
    status: running ? 'running' : job.status,
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    runAt: job.runAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
  };
}

/** Background jobs for staff (issue 15): what failed, and a retry. */
const jobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs',
    {
      config: { access: { staff: ['jobs.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'Background jobs, newest first, filtered by status and kind',
        querystring: ZJobsQuerySchema,
        response: { 200: ZJobsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.jobStore.page(request.query));
      if (!result) return reply;
      return {
        rows: result.rows.map((r) => toRow(app.jobs, r.job, r.running)),
        nextCursor: result.nextCursor,
      };
    },
  );

  app.post(
    '/jobs/:id/retry',
    {
      config: { access: { staff: ['jobs.retry'] }, audit: { action: 'job.retry' } },
      schema: {
        tags: ['admin'],
        summary: 'Run a failed job once more, now',
        params: ZJobIdParamsSchema,
        response: { 202: ZJobRowSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const before = await app.jobStore.byId(request.params.id);
      if (!before) return notFound(reply);
      const job = await app.jobs.retry(before.id);
      if (!job) return reply.code(409).send({ message: JOB_TEXTS.notFailed });
      request.audit({
        recordType: 'job',
        recordId: String(job.id),
        before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
        after: { status: job.status, maxAttempts: job.maxAttempts },
      });
      return reply.code(202).send(toRow(app.jobs, job, false));
    },
  );
};

export default jobRoutes;
