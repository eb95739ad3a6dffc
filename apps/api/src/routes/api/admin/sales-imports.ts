import multipart from '@fastify/multipart';
import {
  SALES_IMPORT_MAX_MB,
  SALES_TEXTS,
  ZSalesImportParamsSchema,
  ZSalesImportQuerySchema,
  ZSalesImportSchema,
  ZSalesImportsResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERRORS, refused } from '../../_shared/replies.ts';

const ACCESS = { staff: ['sales.import' as const] };

/**
 * Admin → Sales data (issue 37; docs/decisions/058): staff upload a CSV of closed sales with its
 * credit line and display rights; the file is stored and a `sales.import` job checks every line
 * and stores all of it or nothing. The page polls the import for its progress.
 */
const salesImportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // One byte over the limit is enough to know the file is too large; the rest is skipped.
    limits: { fileSize: SALES_IMPORT_MAX_MB * 1024 * 1024 + 1, files: 1, fields: 0 },
  });

  app.get(
    '/sales-imports',
    {
      config: { access: ACCESS },
      schema: {
        tags: ['admin'],
        summary: 'The latest imports of sales files, and the sales in the store by source',
        response: { 200: ZSalesImportsResponseSchema, ...ERRORS },
      },
    },
    async () => ({
      imports: await app.salesImport.recent(),
      sources: await app.closedSales.sourceCounts(),
    }),
  );

  app.post(
    '/sales-imports',
    {
      config: { access: ACCESS, audit: { action: 'sales.import', outside: true } },
      schema: {
        tags: ['admin'],
        summary: `Import a CSV of closed sales (multipart, one \`file\` part, at most ${SALES_IMPORT_MAX_MB} MB; RESO names or the county-records layout): all lines or none`,
        querystring: ZSalesImportQuerySchema,
        response: { 202: ZSalesImportSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const entry = await request.prepareAudit(202);
      const part = request.isMultipart() ? await request.file() : undefined;
      const outcome = await app.salesImport.start(
        request.query,
        part ? { filename: part.filename, file: part.file } : undefined,
        request.user.userId,
        (row) =>
          entry({
            recordType: 'sales_import',
            recordId: row.hash,
            after: {
              source: row.source,
              fileName: row.fileName,
              attribution: row.attribution,
              priceDisplay: row.priceDisplay,
            },
          }),
      );
      if (!outcome.ok) return refused(reply, outcome);
      return reply.code(202).send(outcome.value);
    },
  );

  app.get(
    '/sales-imports/:hash',
    {
      config: { access: ACCESS },
      schema: {
        tags: ['admin'],
        summary:
          "An import's progress: lines read, stored, refused (with line numbers and reasons)",
        params: ZSalesImportParamsSchema,
        response: { 200: ZSalesImportSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await app.salesImport.view(request.params.hash)) ??
      reply.code(404).send({ message: SALES_TEXTS.notFound }),
  );
};

export default salesImportRoutes;
