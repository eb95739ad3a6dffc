import {
  ZAdminDocumentRowSchema,
  ZAdminDocumentsPageSchema,
  ZAdminDocumentsQuerySchema,
  ZDocumentParamsSchema,
  ZDocumentReviewRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDocumentFile } from '../../_shared/document-file.ts';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';

const review = { access: { staff: ['documents.review'] as const } };

/** Staff's document review (issue 23): the queue, the files, approve / send back / not needed. */
const documentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documents',
    {
      config: review,
      schema: {
        tags: ['admin'],
        summary: 'The latest file of each checklist item by state, oldest upload first',
        querystring: ZAdminDocumentsQuerySchema,
        response: { 200: ZAdminDocumentsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.documents.page(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(app.documents.adminRow), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/documents/:hash/file',
    {
      config: review,
      schema: {
        tags: ['admin'],
        summary: "A document's file",
        params: ZDocumentParamsSchema,
        response: ERRORS,
      },
    },
    async (request, reply) => {
      const file = await app.documents.fileOf(request.params.hash);
      return file ? sendDocumentFile(reply, file) : notFound(reply);
    },
  );

  app.post(
    '/documents/:hash/review',
    {
      config: { ...review, audit: { action: 'document.review' } },
      schema: {
        tags: ['admin'],
        summary:
          'Approve, send back with a reason (mailed to the uploader) or mark not needed; only a file waiting for review',
        params: ZDocumentParamsSchema,
        body: ZDocumentReviewRequestSchema,
        response: { 200: ZAdminDocumentRowSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { hash } = request.params;
      const outcome = await app.documents.review(request.access.userId, hash, request.body);
      if (!outcome.ok) return refused(reply, outcome);
      const after = await app.documents.adminDetail(hash);
      request.audit({
        recordType: 'property_document',
        recordId: hash,
        before: { state: outcome.value.before },
        after: {
          state: outcome.value.after,
          ...(after?.reason ? { reason: after.reason, note: after.note } : {}),
        },
      });
      return after ?? notFound(reply);
    },
  );
};

export default documentAdminRoutes;
