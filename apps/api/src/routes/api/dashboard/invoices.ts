import {
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
import { invoiceReceipt, userInvoice, userInvoices } from '../../_shared/invoices.ts';
import { FILE_ERRORS, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

/** Invoices: the list (one property's or all of the user's) and one invoice in full. */
const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerReceiptAndCheckout(app);
};

/** The property's invoices and one of them. */
function registerReads(app: ZodApp) {
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
    async (request, reply) => userInvoices(app, request, reply, request.query.property),
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
    async (request, reply) => userInvoice(app, request, reply, request.params.hash),
  );
}

/** An invoice's receipt and paying it. */
function registerReceiptAndCheckout(app: ZodApp) {
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
    async (request, reply) => invoiceReceipt(app, request, reply, request.params.hash),
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
