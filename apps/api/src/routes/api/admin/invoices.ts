import {
  streetAddressUnit,
  ZAdminInvoiceDetailSchema,
  ZAdminInvoiceHashParamsSchema,
  ZAdminInvoicesPageSchema,
  ZAdminInvoicesQuerySchema,
  ZRecordPaymentRequestSchema,
  ZRefundRequestSchema,
} from '@lantern/contracts';
import { invoiceNumber } from '@lantern/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InvoiceDetailRow } from '../../../features/payments/invoices.repository.ts';
import { commitDescribed } from '../../_shared/commit.ts';
import { invoiceDocument } from '../../_shared/invoice-document.ts';
import { ERRORS, notFound, page, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const view = { access: { staff: ['orders.view'] as const } };
const record = { access: { staff: ['payments.record'] as const } };

/** Staff's view of one invoice: totals, lines, every payment and refund, and who recorded them. */
function adminInvoice(
  r: InvoiceDetailRow,
  alerts: ReadonlyArray<{
    kind: 'amount_mismatch' | 'dispute' | 'undeliverable';
    detail: string;
    createdAt: Date;
  }>,
) {
  return {
    ...invoiceDocument(r),
    orderStatus: r.orderStatus,
    payments: r.payments,
    refunds: r.refunds.map((x) => ({ ...x, createdAt: x.createdAt.toISOString() })),
    alerts: alerts.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}

/** Invoices for staff (issue 17): find them, record checks and transfers, refund, void. */
const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerMoney(app);
  registerVoid(app);
};

/** The invoice as staff see it, with its payment alerts. */
async function detailFor(app: ZodApp, hash: string) {
  const r = await app.invoices.find(hash);
  return r ? adminInvoice(r, await app.payments.alerts(r.id)) : undefined;
}

/** The invoices and one of them. */
function registerReads(app: ZodApp) {
  app.get(
    '/invoices',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary:
          'Every invoice, a keyset page at a time, by number or due date, with a status filter',
        querystring: ZAdminInvoicesQuerySchema,
        response: { 200: ZAdminInvoicesPageSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const result = await page(reply, () => app.invoices.page(request.query));
      if (!result) return reply;
      return {
        rows: result.rows.map((r) => ({
          hash: r.hash,
          number: invoiceNumber(r.number),
          billedTo: r.billedTo,
          streetAddress: streetAddressUnit(r.street, r.unit),
          description: r.description,
          status: r.status,
          totalCents: r.totalCents,
          paidCents: r.paidCents,
          dueDate: r.dueDate,
          issuedAt: r.issuedAt.toISOString(),
        })),
        nextCursor: result.nextCursor,
      };
    },
  );

  app.get(
    '/invoices/:hash',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'One invoice with its payments and refunds',
        params: ZAdminInvoiceHashParamsSchema,
        response: { 200: ZAdminInvoiceDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => (await detailFor(app, request.params.hash)) ?? notFound(reply),
  );
}

/** Record a payment, make a refund. */
function registerMoney(app: ZodApp) {
  app.post(
    '/invoices/:hash/payments',
    {
      config: { ...record, audit: { action: 'invoice.payment' } },
      schema: {
        tags: ['admin'],
        summary: 'Record a check, bank transfer or cash received; paid in full confirms the order',
        params: ZAdminInvoiceHashParamsSchema,
        body: ZRecordPaymentRequestSchema,
        response: { 201: ZAdminInvoiceDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.paymentService.record(
        request.access.userId,
        request.params.hash,
        request.body,
      );
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'invoice',
        recordId: request.params.hash,
        before: outcome.value.before,
        after: { ...outcome.value.after, payment: { hash: outcome.value.hash, ...request.body } },
      });
      const after = await detailFor(app, request.params.hash);
      return after ? reply.code(201).send(after) : notFound(reply);
    },
  );

  app.post(
    '/invoices/:hash/refunds',
    {
      config: { ...record, audit: { action: 'invoice.refund', outside: true } },
      schema: {
        tags: ['admin'],
        summary: 'Refund part or all of one payment, with a reason; at most what is left of it',
        params: ZAdminInvoiceHashParamsSchema,
        body: ZRefundRequestSchema,
        response: { 201: ZAdminInvoiceDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      // A card refund is made in Stripe first; the refund is confirmed with its activity row,
      // which records the status set here.
      reply.code(201);
      const outcome = await app.paymentService.refund(
        request.access.userId,
        request.params.hash,
        request.body,
        commitDescribed(request, reply, (done) => ({
          recordType: 'invoice',
          recordId: request.params.hash,
          before: done.before,
          after: { ...done.after, refund: { hash: done.hash, ...request.body } },
        })),
      );
      if (!outcome.ok) return refused(reply, outcome);
      const after = await detailFor(app, request.params.hash);
      return after ? reply.code(201).send(after) : notFound(reply);
    },
  );
}

/** Void an invoice. */
function registerVoid(app: ZodApp) {
  app.post(
    '/invoices/:hash/void',
    {
      config: { ...record, audit: { action: 'invoice.void' } },
      schema: {
        tags: ['admin'],
        summary: 'Void an open invoice nothing was paid on; its order is cancelled',
        params: ZAdminInvoiceHashParamsSchema,
        response: { 200: ZAdminInvoiceDetailSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.paymentService.void(request.params.hash);
      if (!outcome.ok) return refused(reply, outcome);
      request.audit({
        recordType: 'invoice',
        recordId: request.params.hash,
        before: outcome.value.before,
        after: outcome.value.after,
      });
      return (await detailFor(app, request.params.hash)) ?? notFound(reply);
    },
  );
}

export default invoiceRoutes;
