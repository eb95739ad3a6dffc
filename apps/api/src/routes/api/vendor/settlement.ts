import multipart from '@fastify/multipart';
import {
  streetAddressUnit,
  ZCdaRequestSchema,
  ZSettlementFileQuerySchema,
  ZSettlementParamsSchema,
  ZSettlementPropertiesSchema,
  ZSettlementSignRequestSchema,
  ZSettlementTransactionCreateSchema,
  ZSettlementTransactionDetailSchema,
  ZSettlementTransactionsPageSchema,
  ZSettlementTransactionsQuerySchema,
  ZSettlementTransactionUpdateSchema,
} from '@lantern/contracts';
import { DOCUMENT_LIMITS } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDocumentFile } from '../../_shared/document-file.ts';
import { wholeOrPage } from '../../_shared/paged-list.ts';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const settlement = { access: { vendor: ['settlement'] as const } };
const USER_AGENT_MAX = 512;

/**
 * The settlement vendor's page (issue 24; docs/decisions/049): transactions on the properties
 * assigned to them (another's, or one on a property not assigned to them, answers 404), the
 * settlement statement, and the commission disbursement authorisation they fill in and sign.
 */
const vendorSettlementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_LIMITS.maxBytes, files: 1, fields: 0 },
  });
  registerLists(app);
  registerTransaction(app);
  registerStatement(app);
  registerCda(app);
  registerCdaSigning(app);
};

/** The transaction as the vendor sees it, when it is theirs. */
async function detailFor(app: ZodApp, userId: number, hash: string) {
  const row = await app.settlementRepo.find(hash, userId);
  if (!row) return undefined;
  const me = await app.users.findById(userId);
  return app.settlement.detail(row, me?.email ?? null);
}

/** The assigned properties and the vendor's transactions. */
function registerLists(app: ZodApp) {
  const service = app.settlement;

  app.get(
    '/settlement/properties',
    {
      config: { ...settlement, pagedInDatabase: true },
      schema: {
        tags: ['vendor'],
        summary: 'The properties assigned to the settlement vendor, with any open transaction',
        response: { 200: ZSettlementPropertiesSchema, ...ERRORS },
      },
    },
    async (request) => {
      const userId = request.access.userId;
      const rows = await wholeOrPage(
        request,
        () => app.settlementRepo.assignedProperties(userId),
        (window) => app.settlementRepo.pageAssignedProperties(userId, window),
      );
      return {
        properties: rows.map((p) => ({
          hash: p.hash,
          address: `${streetAddressUnit(p.street, p.unit)}, ${p.city}, ${p.state}`,
          openTransaction: p.openTransaction,
        })),
      };
    },
  );

  app.get(
    '/settlement/transactions',
    {
      config: settlement,
      schema: {
        tags: ['vendor'],
        summary: "The settlement vendor's transactions, newest first",
        querystring: ZSettlementTransactionsQuerySchema,
        response: { 200: ZSettlementTransactionsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () =>
        app.settlementRepo.pageForVendor(request.access.userId, request.query),
      );
      if (!result) return reply;
      return { rows: result.rows.map(service.row), nextCursor: result.nextCursor };
    },
  );
}

/** Start a transaction, read one, change it. */
function registerTransaction(app: ZodApp) {
  const service = app.settlement;
  const detail = (userId: number, hash: string) => detailFor(app, userId, hash);

  app.post(
    '/settlement/transactions',
    {
      config: { ...settlement, audit: { action: 'settlement.create' } },
      schema: {
        tags: ['vendor'],
        summary: 'Start a transaction on a property assigned to the settlement vendor',
        body: ZSettlementTransactionCreateSchema,
        response: { 201: ZSettlementTransactionDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const made = await service.create(userId, userId, request.body);
      if (!made.ok) return refused(reply, made);
      const view = await detail(userId, made.value.t.hash);
      if (!view) return notFound(reply);
      request.audit({ recordType: 'settlement', recordId: view.hash, before: null, after: view });
      return reply.code(201).send(view);
    },
  );

  app.get(
    '/settlement/transactions/:hash',
    {
      config: settlement,
      schema: {
        tags: ['vendor'],
        summary: 'One transaction with its statement and CDA (not assigned to you: 404)',
        params: ZSettlementParamsSchema,
        response: { 200: ZSettlementTransactionDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) =>
      (await detail(request.access.userId, request.params.hash)) ?? notFound(reply),
  );

  app.put(
    '/settlement/transactions/:hash',
    {
      config: { ...settlement, audit: { action: 'settlement.update' } },
      schema: {
        tags: ['vendor'],
        summary:
          'Change the sale price, closing date and file number (while the CDA is a draft) or the status',
        params: ZSettlementParamsSchema,
        body: ZSettlementTransactionUpdateSchema,
        response: { 200: ZSettlementTransactionDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const row = await app.settlementRepo.find(request.params.hash, userId);
      if (!row) return notFound(reply);
      const done = await service.update(row, request.body);
      if (!done.ok) return refused(reply, done);
      const view = await detail(userId, row.t.hash);
      if (!view) return notFound(reply);
      request.audit({
        recordType: 'settlement',
        recordId: row.t.hash,
        before: service.row(row),
        after: service.row({ ...row, t: { ...row.t, ...request.body } }),
      });
      return view;
    },
  );
}

/** The settlement statement: upload it, read its PDF. */
function registerStatement(app: ZodApp) {
  const service = app.settlement;
  const detail = (userId: number, hash: string) => detailFor(app, userId, hash);

  app.post(
    '/settlement/transactions/:hash/statement',
    {
      config: { ...settlement, audit: { action: 'settlement.statement', outside: true } },
      schema: {
        tags: ['vendor'],
        summary:
          'Upload the settlement statement (multipart, one `file` part): a PDF by its bytes, at most 25 MB',
        params: ZSettlementParamsSchema,
        response: { 200: ZSettlementTransactionDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const row = await app.settlementRepo.find(request.params.hash, userId);
      if (!row) return notFound(reply);
      let file: Parameters<typeof service.uploadStatement>[2] = 'missing';
      const part = request.isMultipart() ? await request.file() : undefined;
      if (part) {
        try {
          file = { filename: part.filename, bytes: await part.toBuffer() };
        } catch (err) {
          if ((err as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw err;
          file = 'tooLarge';
        }
      }
      // The entry describes the statement as saved, read inside the unit that saves it.
      const done = await service.uploadStatement(row, userId, file, (work) =>
        request.commit(async () => {
          const saved = await work();
          const after = await detail(userId, row.t.hash);
          request.audit({
            recordType: 'settlement',
            recordId: row.t.hash,
            before: null,
            after: { statement: after?.statement ?? null },
          });
          return saved;
        }),
      );
      if (!done.ok) return refused(reply, done);
      const view = await detail(userId, row.t.hash);
      if (!view) return notFound(reply);
      return view;
    },
  );

  app.get(
    '/settlement/transactions/:hash/statement',
    {
      config: settlement,
      schema: {
        tags: ['vendor'],
        summary: 'The settlement statement PDF',
        params: ZSettlementParamsSchema,
        response: ERRORS,
      },
    },
    async (request, reply) => {
      const row = await app.settlementRepo.find(request.params.hash, request.access.userId);
      const file = row ? await service.statementFile(row) : undefined;
      if (!file) return notFound(reply);
      return sendDocumentFile(reply, file);
    },
  );
}

/** Write the CDA while it is a draft. */
function registerCda(app: ZodApp) {
  const service = app.settlement;
  const detail = (userId: number, hash: string) => detailFor(app, userId, hash);

  app.put(
    '/settlement/transactions/:hash/cda',
    {
      config: { ...settlement, audit: { action: 'settlement.cda' } },
      schema: {
        tags: ['vendor'],
        summary:
          'Write the CDA: the commission and its payees, whose amounts in cents add up to it exactly (a draft only)',
        params: ZSettlementParamsSchema,
        body: ZCdaRequestSchema,
        response: { 200: ZSettlementTransactionDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const row = await app.settlementRepo.find(request.params.hash, userId);
      if (!row) return notFound(reply);
      const before = row.cda
        ? {
            commissionCents: row.cda.commissionCents,
            payees: await app.settlementRepo.payees(row.cda.id),
          }
        : null;
      const done = await service.saveCda(row, userId, request.body);
      if (!done.ok) return refused(reply, done);
      const view = await detail(userId, row.t.hash);
      if (!view?.cda) return notFound(reply);
      request.audit({
        recordType: 'settlement',
        recordId: row.t.hash,
        before,
        after: { commissionCents: view.cda.commissionCents, payees: view.cda.payees },
      });
      return view;
    },
  );
}

/** Sign the CDA and read its PDF. */
function registerCdaSigning(app: ZodApp) {
  const service = app.settlement;
  const detail = (userId: number, hash: string) => detailFor(app, userId, hash);

  app.post(
    '/settlement/transactions/:hash/cda/sign',
    {
      config: { ...settlement, audit: { action: 'settlement.cda_sign', outside: true } },
      schema: {
        tags: ['vendor'],
        summary:
          'Sign the CDA as the settlement agent (ESIGN consent); the PDF is made from the draft and sent to staff for approval',
        params: ZSettlementParamsSchema,
        body: ZSettlementSignRequestSchema,
        response: { 200: ZSettlementTransactionDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const { userId } = request.access;
      const row = await app.settlementRepo.find(request.params.hash, userId);
      if (!row) return notFound(reply);
      // The CDA's files are stored first; the signature commits with its activity row.
      const done = await service.sign(
        row,
        userId,
        request.body.consentVersion,
        {
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX),
        },
        request.commit,
        (document) =>
          request.audit({
            recordType: 'settlement',
            recordId: row.t.hash,
            before: { status: 'draft' },
            after: { status: 'signed', document },
          }),
      );
      if (!done.ok) return refused(reply, done);
      const view = await detail(userId, row.t.hash);
      if (!view?.cda) return notFound(reply);
      return view;
    },
  );

  app.get(
    '/settlement/transactions/:hash/cda/file',
    {
      config: settlement,
      schema: {
        tags: ['vendor'],
        summary: "The CDA's PDF, unsigned or signed (with its certificate page)",
        params: ZSettlementParamsSchema,
        querystring: ZSettlementFileQuerySchema,
        response: ERRORS,
      },
    },
    async (request, reply) => {
      const row = await app.settlementRepo.find(request.params.hash, request.access.userId);
      const file = row ? await service.cdaFile(row, request.query.copy) : undefined;
      if (!file) return notFound(reply);
      return sendDocumentFile(reply, file);
    },
  );
}

export default vendorSettlementRoutes;
