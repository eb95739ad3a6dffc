import {
  MESSAGES,
  PAYMENT_TEXTS,
  ZCheckoutResponseSchema,
  ZErrorResponseSchema,
  ZInvoiceListQuerySchema,
  ZInvoiceListResponseSchema,
  ZInvoiceParamsSchema,
  ZInvoiceResponseSchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIMITS } from '../../../features/auth/throttle/limits.ts';
import { invoiceDocument, invoiceSummary } from '../../_shared/invoice-document.ts';
import { wholeOrPage } from '../../_shared/paged-list.ts';
import { FILE_ERRORS, fileReply, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

/** Invoices: the list (one property's or all of the user's) and one invoice in full. */
const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerReceiptAndCheckout(app);
};

/** The property's invoices and one of them. */
function registerReads(app: ZodApp) {
  const repo = app.invoices;

  app.get(
    '/invoices',
    {
      config: { pagedInDatabase: true },
      schema: {
        tags: ['invoices'],
        summary: "The user's invoices, newest first; one property's with ?property=",
        querystring: ZInvoiceListQuerySchema,
        response: {
          200: ZInvoiceListResponseSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      const { property } = request.query;
      if (property && !(await app.properties.isParticipant(userId, property)))
        return reply.code(404).send({ message: MESSAGES.notFound });
      const rows = await wholeOrPage(
        request,
        () => repo.listForUser(userId, property),
        (window) => repo.pageForUser(userId, property, window),
      );
      return { invoices: rows.map(invoiceSummary) };
    },
  );

  app.get(
    '/invoices/:hash',
    {
      schema: {
        tags: ['invoices'],
        summary: 'One invoice with its lines, coupon, tax, total, payments and refunds',
        params: ZInvoiceParamsSchema,
        response: {
          200: ZInvoiceResponseSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const r = await repo.findForUser(request.user.userId, request.params.hash);
      if (!r) return reply.code(404).send({ message: MESSAGES.notFound });
      return {
        invoice: {
          ...invoiceDocument(r),
          payments: r.payments.map(({ recordedBy: _, ...p }) => p),
          refunds: r.refunds.map(({ recordedBy: _, createdAt, ...x }) => ({
            ...x,
            createdAt: createdAt.toISOString(),
          })),
          paymentInstructions: r.status === 'open' ? app.config.paymentInstructions : null,
          cardPayments: r.status === 'open' && app.cardPayments !== null,
        },
      };
    },
  );
}

/** An invoice's receipt and paying it. */
function registerReceiptAndCheckout(app: ZodApp) {
  const repo = app.invoices;

  app.get(
    '/invoices/:hash/receipt.pdf',
    {
      schema: {
        response: FILE_ERRORS,
        tags: ['invoices'],
        summary:
          'The PDF receipt of an invoice paid in full (the one mailed when it was paid); 404 not yours, 409 not paid',
        params: ZInvoiceParamsSchema,
      },
    },
    async (request, reply) => {
      const r = await repo.findForUser(request.user.userId, request.params.hash);
      if (!r) return reply.code(404).send({ message: MESSAGES.notFound });
      const receipt = await app.paymentService.receipt(r);
      if (!receipt) return reply.code(409).send({ message: PAYMENT_TEXTS.noReceipt });
      return fileReply(reply)
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${receipt.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(receipt.pdf);
    },
  );

  app.post(
    '/invoices/:hash/checkout',
    {
      config: { audit: { action: 'invoice.checkout', outside: true } },
      schema: {
        tags: ['invoices'],
        summary:
          'A hosted Stripe Checkout session for what the invoice owes; the browser goes to its url',
        params: ZInvoiceParamsSchema,
        body: z.object({}).optional(),
        response: {
          200: ZCheckoutResponseSchema,
          401: ZErrorResponseSchema,
          404: ZErrorResponseSchema,
          409: ZErrorResponseSchema,
          429: ZErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.user;
      if (!app.cardPayments) return reply.code(409).send({ message: PAYMENT_TEXTS.cardsOff });
      if (!(await app.throttle.take(reply, LIMITS.checkoutSessions, userId))) return reply;
      // Stripe makes the session first; it is saved with this request's activity row.
      const outcome = await app.cardPayments.checkout(userId, request.params.hash, request.commit);
      if (!outcome.ok) return refused(reply, outcome);
      return outcome.value;
    },
  );
}

export default invoiceRoutes;
