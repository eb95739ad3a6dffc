import multipart from '@fastify/multipart';
import {
  MESSAGES,
  ZChecklistQuerySchema,
  ZChecklistSchema,
  ZDocumentParamsSchema,
  ZErrorResponseSchema,
  ZUploadQuerySchema,
  ZUploadResultSchema,
  ZYearBuiltRequestSchema,
} from '@lantern/contracts';
import { DOCUMENT_LIMITS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDocumentFile } from '../../_shared/document-file.ts';
import { refused } from '../../_shared/replies.ts';

const errors = {
  401: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
  422: ZErrorResponseSchema,
};

/** A property's documents (issue 23): the checklist, uploads, the files. Another's is a 404. */
const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // One byte over the limit is enough to know a file is too large; the rest is skipped.
    limits: { fileSize: DOCUMENT_LIMITS.maxBytes + 1, files: 1, fields: 0 },
  });

  app.get(
    '/documents',
    {
      schema: {
        tags: ['documents'],
        summary: "The property's document checklist for a transaction, each type's latest file",
        querystring: ZChecklistQuerySchema,
        response: { 200: ZChecklistSchema, ...errors },
      },
    },
    async (request, reply) =>
      (await app.documents.checklist(
        request.user.userId,
        request.query.property,
        request.query.kind,
      )) ?? reply.code(404).send({ message: MESSAGES.notFound }),
  );

  app.put(
    '/documents/year-built',
    {
      schema: {
        tags: ['documents'],
        summary: 'State the year the home was built (used when no listing of it says)',
        body: ZYearBuiltRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const done = await app.documents.stateYearBuilt(
        request.user.userId,
        request.body.property,
        request.body.year,
      );
      if (!done) return reply.code(404).send({ message: MESSAGES.notFound });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/documents/files',
    {
      config: { audit: { outside: true } },
      schema: {
        tags: ['documents'],
        summary:
          'Upload a file for a checklist item (multipart, one `file` part): PDF, JPEG or PNG by its bytes, at most 25 MB',
        querystring: ZUploadQuerySchema,
        response: { 201: ZUploadResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      const part = request.isMultipart() ? await request.file() : undefined;
      const outcome = await app.documents.upload(
        request.user.userId,
        request.query,
        part ? { filename: part.filename, file: part.file } : undefined,
        request.commit,
      );
      if (!outcome.ok) return refused(reply, outcome);
      return reply.code(201).send({ document: outcome.value });
    },
  );

  app.get(
    '/documents/:hash/file',
    {
      schema: {
        tags: ['documents'],
        summary: "A document's file, on a property you take part in",
        params: ZDocumentParamsSchema,
        response: { 404: ZErrorResponseSchema, 401: ZErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const file = await app.documents.fileOf(request.params.hash, request.user.userId);
      if (!file) return reply.code(404).send({ message: MESSAGES.notFound });
      return sendDocumentFile(reply, file);
    },
  );
};

export default documentRoutes;
