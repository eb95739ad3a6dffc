import {
  ZV1InvoiceListSchema,
  ZV1InvoiceParamsSchema,
  ZV1InvoiceResponseSchema,
  ZV1InvoicesQuerySchema,
} from '@lantern/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceReceipt, userInvoice, userInvoices } from '../../_shared/invoices.ts';
import { errorAnswers } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

const tags = ['invoices'];
// 422: a hash or `property` that is not one (empty, too long, not text).
const errors = errorAnswers(401, 403, 404, 422);

/**
 * /api/v1/invoices (issue 48): the token owner's invoices, one invoice, and its receipt. They
 * run the dashboard's own server functions (routes/_shared/invoices.ts). Paying by card is not
 * here: Stripe Checkout is a page a person opens in a browser, reached from the dashboard.
 */
const v1InvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  registerReads(app);
  registerReceipt(app);
};

function registerReads(app: ZodApp) {
  app.get(
    '/invoices',
    {
      config: { pagedInDatabase: true },
      schema: {
        tags,
        summary: 'Your invoices',
        description:
          'The invoices of every property you take part in, newest first; with `property`, only that property’s (404 when it is not yours).',
        querystring: ZV1InvoicesQuerySchema,
        response: { 200: ZV1InvoiceListSchema, ...errors },
      },
    },
    async (request, reply) => userInvoices(app, request, reply, request.query.property),
  );

  app.get(
    '/invoices/:hash',
    {
      schema: {
        tags,
        summary: 'An invoice',
        description:
          'One invoice in full: its address, lines, coupon, tax, total, payments and refunds, and while it is open what is owed and how to pay it.',
        params: ZV1InvoiceParamsSchema,
        response: { 200: ZV1InvoiceResponseSchema, ...errors },
      },
    },
    async (request, reply) => userInvoice(app, request, reply, request.params.hash),
  );
}

function registerReceipt(app: ZodApp) {
  app.get(
    '/invoices/:hash/receipt.pdf',
    {
      schema: {
        tags,
        summary: "An invoice's receipt",
        description:
          'The PDF receipt of an invoice paid in full, the one mailed when it was paid; 409 while it is not paid.',
        params: ZV1InvoiceParamsSchema,
        response: {
          // A PDF, not JSON: the bytes are sent as they are, never through the serializer.
          200: {
            description: 'The receipt, with `Content-Disposition: attachment` and its file name.',
            content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
          },
          ...errorAnswers(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => invoiceReceipt(app, request, reply, request.params.hash),
  );
}

export default v1InvoiceRoutes;
