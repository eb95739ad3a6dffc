import {
  streetAddressUnit,
  ZAdminCdaQuerySchema,
  ZCdaReturnRequestSchema,
  ZSettlementFileQuerySchema,
  ZSettlementParamsSchema,
  ZSettlementPropertiesSchema,
  ZSettlementTransactionCreateSchema,
  ZSettlementTransactionDetailSchema,
  ZSettlementTransactionsPageSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDocumentFile } from '../../_shared/document-file.ts';
import { wholeOrPage } from '../../_shared/paged-list.ts';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const approve = { access: { staff: ['settlement.approve'] as const } };

/**
 * Staff's side of settlement (issue 24; docs/decisions/049): the signed commission disbursement
 * authorisations waiting for approval, each with its statement and signed PDF; approve (final:
 * nothing changes after) or send back with a note.
 */
const adminSettlementRoutes: FastifyPluginAsyncZod = async (app) => {
  registerTransactions(app);
  registerReview(app);
  registerFiles(app);
};

/** The transaction as staff see it. */
async function detailFor(app: ZodApp, hash: string) {
  const row = await app.settlementRepo.find(hash, null);
  return row ? app.settlement.detail(row, null) : undefined;
}

/** The transactions, the properties, starting one. */
function registerTransactions(app: ZodApp) {
  const service = app.settlement;

  app.get(
    '/settlement',
    {
      config: approve,
      schema: {
        tags: ['admin'],
        summary:
          'Transactions by the state of their CDA (signed by default), longest waiting first',
        querystring: ZAdminCdaQuerySchema,
        response: { 200: ZSettlementTransactionsPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.settlementRepo.pageForStaff(request.query));
      if (!result) return reply;
      return { rows: result.rows.map(service.row), nextCursor: result.nextCursor };
    },
  );

  app.get(
    '/settlement/properties',
    {
      config: { ...approve, pagedInDatabase: true },
      schema: {
        tags: ['admin'],
        summary: 'Properties a settlement vendor is assigned, with any open transaction',
        response: { 200: ZSettlementPropertiesSchema, ...ERRORS },
      },
    },
    async (request) => {
      // Staff see every property some settlement vendor is assigned (userId null).
      const rows = await wholeOrPage(
        request,
        () => app.settlementRepo.assignedProperties(null),
        (window) => app.settlementRepo.pageAssignedProperties(null, window),
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

  app.post(
    '/settlement',
    {
      config: { ...approve, audit: { action: 'settlement.create' } },
      schema: {
        tags: ['admin'],
        summary:
          'Start a transaction for the settlement vendor on a property one is assigned (for a vendor who cannot)',
        body: ZSettlementTransactionCreateSchema,
        response: { 201: ZSettlementTransactionDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const made = await service.create(null, request.access.userId, request.body);
      if (!made.ok) return refused(reply, made);
      const view = await detailFor(app, made.value.t.hash);
      if (!view) return notFound(reply);
      request.audit({ recordType: 'settlement', recordId: view.hash, before: null, after: view });
      return reply.code(201).send(view);
    },
  );
}

/** One transaction, and approving or returning its CDA. */
function registerReview(app: ZodApp) {
  const service = app.settlement;

  app.get(
    '/settlement/:hash',
    {
      config: approve,
      schema: {
        tags: ['admin'],
        summary: 'One transaction with its statement and CDA',
        params: ZSettlementParamsSchema,
        response: { 200: ZSettlementTransactionDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => (await detailFor(app, request.params.hash)) ?? notFound(reply),
  );

  for (const decision of ['approve', 'return'] as const) {
    app.post(
      `/settlement/:hash/${decision}`,
      {
        config: { ...approve, audit: { action: `settlement.cda_${decision}` } },
        schema: {
          tags: ['admin'],
          summary:
            decision === 'approve'
              ? 'Approve a signed CDA: from now on it and its payees never change'
              : 'Send a signed CDA back to the settlement agent with a note',
          params: ZSettlementParamsSchema,
          ...(decision === 'return' ? { body: ZCdaReturnRequestSchema } : {}),
          response: { 200: ZSettlementTransactionDetailSchema, ...ERRORS },
        },
      },
      async (request, reply) => {
        const row = await app.settlementRepo.find(request.params.hash, null);
        if (!row) return notFound(reply);
        const done = await service.decide(
          row,
          request.access.userId,
          decision === 'approve'
            ? { approve: true }
            : { approve: false, note: (request.body as { note: string }).note },
        );
        if (!done.ok) return refused(reply, done);
        const view = await detailFor(app, row.t.hash);
        if (!view) return notFound(reply);
        request.audit({
          recordType: 'settlement',
          recordId: row.t.hash,
          before: { status: row.cda?.status ?? null },
          after: { status: view.cda?.status ?? null, note: view.cda?.returnNote ?? null },
        });
        return view;
      },
    );
  }
}

/** The statement and the CDA's PDF. */
function registerFiles(app: ZodApp) {
  const service = app.settlement;

  app.get(
    '/settlement/:hash/statement',
    {
      config: approve,
      schema: {
        tags: ['admin'],
        summary: 'The settlement statement PDF',
        params: ZSettlementParamsSchema,
        response: ERRORS,
      },
    },
    async (request, reply) => {
      const row = await app.settlementRepo.find(request.params.hash, null);
      const file = row ? await service.statementFile(row) : undefined;
      return file ? sendDocumentFile(reply, file) : notFound(reply);
    },
  );

  app.get(
    '/settlement/:hash/cda/file',
    {
      config: approve,
      schema: {
        tags: ['admin'],
        summary: "The CDA's PDF, unsigned or signed",
        params: ZSettlementParamsSchema,
        querystring: ZSettlementFileQuerySchema,
        response: ERRORS,
      },
    },
    async (request, reply) => {
      const row = await app.settlementRepo.find(request.params.hash, null);
      const file = row ? await service.cdaFile(row, request.query.copy) : undefined;
      return file ? sendDocumentFile(reply, file) : notFound(reply);
    },
  );
}

export default adminSettlementRoutes;
