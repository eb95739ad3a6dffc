import { PAYMENT_TEXTS } from '@lantern/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { invoiceDocument, invoiceSummary } from './invoice-document.ts';
import { wholeOrPage } from './paged-list.ts';
import { notFound } from './replies.ts';
import type { ZodApp } from './zod-app.ts';

/**
 * The signed-in user's invoices, newest first, or one property's (GET /api/dashboard/invoices
 * and v1's GET /invoices): whole for the dashboard, one page in the database under /api/v1.
 * A property that is not theirs is a 404, as one that does not exist.
 */
export async function userInvoices(
  app: ZodApp,
  request: FastifyRequest,
  reply: FastifyReply,
  property: string | undefined,
) {
  const { userId } = request.user;
  if (property && !(await app.properties.isParticipant(userId, property))) return notFound(reply);
  const rows = await wholeOrPage(
    request,
    () => app.invoices.listForUser(userId, property),
    (window) => app.invoices.pageForUser(userId, property, window),
  );
  return { invoices: rows.map(invoiceSummary) };
}

type OwnInvoice = NonNullable<Awaited<ReturnType<ZodApp['invoices']['findForUser']>>>;

/**
 * A route's answer about one of the signed-in user's invoices, by its hash: another person's,
 * or none, is the same 404.
 */
const ownInvoice =
  <T>(answer: (app: ZodApp, reply: FastifyReply, invoice: OwnInvoice) => T) =>
  async (app: ZodApp, request: FastifyRequest, reply: FastifyReply, hash: string) => {
    const invoice = await app.invoices.findForUser(request.user.userId, hash);
    if (!invoice) return notFound(reply);
    return answer(app, reply, invoice);
  };

/** One of the user's invoices in full; how to pay it only while it is open. */
export const userInvoice = ownInvoice((app, _reply, r) => ({
  invoice: {
    ...invoiceDocument(r),
    // Who recorded a payment or refund is staff's business, not the customer's.
    payments: r.payments.map(({ recordedBy: _, ...p }) => p),
    refunds: r.refunds.map(({ recordedBy: _, createdAt, ...x }) => ({
      ...x,
      createdAt: createdAt.toISOString(),
    })),
    paymentInstructions: r.status === 'open' ? app.config.paymentInstructions : null,
    cardPayments: r.status === 'open' && app.cardPayments !== null,
  },
}));

/** The PDF receipt of an invoice paid in full (the one mailed when it was paid); 409 before. */
export const invoiceReceipt = ownInvoice(async (app, reply, r) => {
  const receipt = await app.paymentService.receipt(r);
  if (!receipt) return reply.code(409).send({ message: PAYMENT_TEXTS.noReceipt });
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${receipt.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(receipt.pdf);
});
