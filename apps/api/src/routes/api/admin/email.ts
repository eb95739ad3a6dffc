import {
  EMAIL_TEXTS,
  type TMailRow,
  ZMailIdParamsSchema,
  ZMailOutboxPageSchema,
  ZMailOutboxQuerySchema,
  ZMailPreviewSchema,
  ZMailRowSchema,
  ZMailTemplateParamsSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MailRow } from '../../../features/mail/mail-outbox.repository.ts';
import { ERRORS, notFound, page } from '../../_shared/replies.ts';

function toRow(m: MailRow): TMailRow {
  const finished = m.state === 'sent' || m.state === 'failed';
  return {
    id: m.id,
    state: m.state,
    to: m.to,
    subject: m.subject,
    attempts: m.attempts,
    maxAttempts: m.maxAttempts,
    nextTryAt: finished ? null : m.runAt.toISOString(),
    finishedAt: m.finishedAt?.toISOString() ?? null,
    lastError: m.lastError,
    createdAt: m.createdAt.toISOString(),
  };
}

/**
 * Email management (issue 20; docs/decisions/026-email-management.md): each template previewed on
 * sample values, and the outbox of mails with their state and the mail server's last answer. A
 * retry is the jobs runner's retry, so it needs `jobs.retry` as on the Jobs page.
 */
const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/email/templates/:key',
    {
      config: { access: { staff: ['email.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'A mail template rendered on sample values: subject, HTML and plain text',
        params: ZMailTemplateParamsSchema,
        response: { 200: ZMailPreviewSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const preview = app.mailPreviews.preview(request.params.key);
      if (!preview) return notFound(reply);
      return preview;
    },
  );

  app.get(
    '/email/outbox',
    {
      config: { access: { staff: ['email.view'] } },
      schema: {
        tags: ['admin'],
        summary: 'Mails, newest first, by state and address or subject; never a body',
        querystring: ZMailOutboxQuerySchema,
        response: { 200: ZMailOutboxPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.mailOutbox.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(toRow), nextCursor: result.nextCursor };
    },
  );

  app.post(
    '/email/outbox/:id/retry',
    {
      config: {
        access: { staff: ['email.view', 'jobs.retry'] },
        audit: { action: 'mail.retry' },
      },
      schema: {
        tags: ['admin'],
        summary: 'Try a failed mail once more, now',
        params: ZMailIdParamsSchema,
        response: { 202: ZMailRowSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const before = await app.mailOutbox.byId(request.params.id);
      if (!before) return notFound(reply);
      const job = await app.jobs.retry(before.id);
      if (!job) return reply.code(409).send({ message: EMAIL_TEXTS.notFailed });
      // As the retry left it: waiting for its next try, due now (the runner may already be on it).
      const after: MailRow = {
        ...before,
        state: 'retrying',
        attempts: job.attempts,
        maxAttempts: job.maxAttempts,
        runAt: job.runAt,
        finishedAt: null,
      };
      request.audit({
        recordType: 'job',
        recordId: String(job.id),
        before: { state: before.state, attempts: before.attempts, lastError: before.lastError },
        after: { state: after.state, maxAttempts: after.maxAttempts },
      });
      return reply.code(202).send(toRow(after));
    },
  );
};

export default emailRoutes;
