import {
  ZAddRejectReasonRequestSchema,
  ZAdminDocumentRowSchema,
  ZAdminDocumentsPageSchema,
  ZAdminDocumentsQuerySchema,
  ZDocumentParamsSchema,
  ZDocumentReviewRequestSchema,
  ZRejectReasonListSchema,
  ZRejectReasonParamsSchema,
  ZUpdateRejectReasonRequestSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDocumentFile } from '../../_shared/document-file.ts';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const review = { access: { staff: ['documents.review'] as const } };

/** Staff's document review (issue 23): the queue, the files, approve / send back / not needed. */
const documentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReview(app);
  registerReasons(app);
};

/** The review queue, a document's file, the decision. */
function registerReview(app: ZodApp) {
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
}

/** The refusal reasons staff pick from: list, add, change. */
function registerReasons(app: ZodApp) {
  app.get(
    '/documents/reasons',
    {
      config: review,
      schema: {
        tags: ['admin'],
        summary: 'The reasons for sending a document back, offered ones first',
        response: { 200: ZRejectReasonListSchema, ...ERRORS },
      },
    },
    async () => ({ reasons: await app.documents.reasons() }),
  );

  app.post(
    '/documents/reasons',
    {
      config: { ...review, audit: { action: 'document.reason.add' } },
      schema: {
        tags: ['admin'],
        summary: 'Add a reason for sending a document back',
        body: ZAddRejectReasonRequestSchema,
        response: { 201: ZRejectReasonListSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.documents.addReason(request.body.label);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'document_reject_reason',
        recordId: outcome.value,
        after: { label: request.body.label },
      });
      return reply.code(201).send({ reasons: await app.documents.reasons() });
    },
  );

  app.put(
    '/documents/reasons/:key',
    {
      config: { ...review, audit: { action: 'document.reason.retire' } },
      schema: {
        tags: ['admin'],
        summary: 'Retire a reason (documents sent back for it keep its words) or offer it again',
        params: ZRejectReasonParamsSchema,
        body: ZUpdateRejectReasonRequestSchema,
        response: { 200: ZRejectReasonListSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      if (!(await app.documents.setReasonRetired(key, request.body.retired))) {
        return notFound(reply);
      }
      request.audit({
        recordType: 'document_reject_reason',
        recordId: key,
        after: { retired: request.body.retired },
      });
      return { reasons: await app.documents.reasons() };
    },
  );
}

export default documentAdminRoutes;
