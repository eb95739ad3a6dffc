import {
  MESSAGES,
  PAYMENT_TEXTS,
  streetAddressUnit,
  type TRecordPaymentRequest,
  type TRefundRequest,
} from '@lantern/contracts';
import { commitAsItIs } from '@lantern/db';
import { formatCents, invoiceNumber } from '@lantern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { CrmSync } from '../crm/crm-sync.ts';
import type { Outbox } from '../mail/outbox.ts';
import { type BrandData, invoicePaidNotice, paymentReceipt } from '../mail/templates.ts';
import type { RealtimeService } from '../realtime/realtime-service.ts';
import { type CommitOutcome, type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { WebhookEmitter } from '../webhooks/webhooks.ts';
import type { InvoiceRepository } from './invoices.repository.ts';
import type { MoneyOutcome, MoneyRefusal, PaymentRepository } from './payments.repository.ts';
import { receiptPdf } from './receipt-pdf.ts';
import type { CardProcessor } from './stripe.ts';

export interface PaymentServiceDeps {
  payments: PaymentRepository;
  invoices: InvoiceRepository;
  outbox: Pick<Outbox, 'enqueue'>;
  realtime: Pick<RealtimeService, 'publishToProperty'>;
  brand: BrandData;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** Stripe, when configured: card payments are refunded through it. */
  processor?: CardProcessor | undefined;
  /** An invoice's new status may move its order (paid confirms, void cancels): the deal follows. */
  crm: Pick<CrmSync, 'orderChanged'>;
  /** Outbound webhooks: `order.paid` (issue 25). */
  webhooks?: WebhookEmitter | undefined;
}

type Done = Extract<MoneyOutcome, { ok: true }>;

const REFUSALS: Record<MoneyRefusal, Extract<Outcome<never>, { ok: false }>> = {
  notFound: { ok: false, status: 404, message: MESSAGES.notFound },
  notOpen: { ok: false, status: 409, message: PAYMENT_TEXTS.notOpen },
  tooMuch: {
    ok: false,
    status: 422,
    message: PAYMENT_TEXTS.amountTooBig,
    errors: { amountCents: [PAYMENT_TEXTS.amountTooBig] },
  },
  notRefundable: { ok: false, status: 409, message: PAYMENT_TEXTS.notRefundable },
  refundTooBig: {
    ok: false,
    status: 422,
    message: PAYMENT_TEXTS.refundTooBig,
    errors: { amountCents: [PAYMENT_TEXTS.refundTooBig] },
  },
  paymentNotFound: {
    ok: false,
    status: 422,
    message: MESSAGES.notFound,
    errors: { payment: [MESSAGES.notFound] },
  },
  notVoidable: { ok: false, status: 409, message: PAYMENT_TEXTS.notVoidable },
};

/** Today's date in UTC: no US time zone is ahead of it, so a later date is in the future. */
const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

type PaidListener = (orderIds: number[]) => Promise<void>;
type Settle = (outcome: MoneyOutcome) => Promise<Outcome<Done>>;
type Refund = (
  staffUserId: number | null,
  invoiceHash: string,
  body: TRefundRequest,
  commit: CommitOutcome<Done>,
) => Promise<Outcome<Done>>;
type FullInvoice = NonNullable<Awaited<ReturnType<PaymentServiceDeps['invoices']['find']>>>;

/** Tell of a committed change: paid-listeners, the property's pages, webhooks and mail. */
async function announce(deps: PaymentServiceDeps, paidListeners: PaidListener[], done: Done) {
  // Work that starts on payment first, so the property's pages, told next, already show it.
  if (done.before.status === 'open' && done.after.status === 'paid') {
    for (const listener of paidListeners)
      await listener([done.invoice.orderId, ...done.invoice.lineOrderIds]);
  }
  await deps.realtime.publishToProperty(done.invoice.propertyHash, {
    event: 'InvoiceUpdated',
    data: {
      hash: done.invoice.hash,
      number: invoiceNumber(done.invoice.number),
      status: done.after.status,
    },
  });
  if (done.before.status === 'open' && done.after.status === 'paid') {
    await deps.webhooks?.emit(
      'order.paid',
      { propertyHash: done.invoice.propertyHash },
      (property) => ({
        property,
        invoice: {
          hash: done.invoice.hash,
          number: invoiceNumber(done.invoice.number),
          kind: done.invoice.kind,
          paidCents: done.after.paidCents,
        },
      }),
    );
    await notifyPaid(deps, done);
  }
}

/** The PDF receipt of an invoice that was paid, and its file name. */
async function receiptOf(deps: PaymentServiceDeps, inv: FullInvoice) {
  const number = invoiceNumber(inv.number);
  const street = streetAddressUnit(inv.street, inv.unit);
  const pdf = await receiptPdf({
    siteName: deps.brand.siteName,
    supportPhone: deps.brand.supportPhone,
    publicUrl: deps.brand.publicUrl,
    number: inv.number,
    billedTo: inv.billedTo,
    address: `${street}, ${inv.city}, ${inv.state} ${inv.zip}`,
    lines: inv.lines,
    subtotalCents: inv.subtotalCents,
    discountCents: inv.discountCents,
    couponCode: inv.couponCode,
    taxCents: inv.taxCents,
    totalCents: inv.totalCents,
    payments: inv.payments,
    paidAt: inv.paidAt ?? new Date(),
  });
  return { filename: `receipt-${number}.pdf`, pdf };
}

/** A paid invoice: the person billed gets the receipt, the other owners a notice. */
async function notifyPaid(deps: PaymentServiceDeps, done: Done) {
  const inv = await deps.invoices.find(done.invoice.hash);
  if (!inv) return;
  const number = invoiceNumber(inv.number);
  const street = streetAddressUnit(inv.street, inv.unit);
  const { filename, pdf } = await receiptOf(deps, inv);
  const url = `${deps.brand.publicUrl}/dashboard/invoices/${inv.hash}`;
  for (const owner of await deps.payments.owners(inv.id)) {
    const content = owner.billed
      ? paymentReceipt(deps.brand, {
          number,
          amount: formatCents(inv.totalCents),
          description: inv.description,
          invoiceUrl: url,
        })
      : invoicePaidNotice(deps.brand, {
          number,
          description: inv.description,
          street,
          invoiceUrl: url,
        });
    await deps.outbox.enqueue({
      to: owner.email,
      ...content,
      ...(owner.billed
        ? {
            attachments: [
              {
                filename,
                contentType: 'application/pdf',
                contentBase64: pdf.toString('base64'),
              },
            ],
          }
        : {}),
    });
  }
}

/** The change is committed: a failure to tell people is logged, never undoes it. */
async function settle(
  deps: PaymentServiceDeps,
  paidListeners: PaidListener[],
  outcome: MoneyOutcome,
): Promise<Outcome<Done>> {
  if (!outcome.ok) return REFUSALS[outcome.reason];
  try {
    await announce(deps, paidListeners, outcome);
  } catch (err) {
    deps.log.error({ err, invoice: outcome.invoice.hash }, 'payment notification failed');
  }
  if (outcome.before.status !== outcome.after.status) {
    for (const id of [outcome.invoice.orderId, ...outcome.invoice.lineOrderIds])
      await deps.crm.orderChanged(id);
  }
  return ok(outcome);
}

async function refundPayment(
  deps: PaymentServiceDeps,
  settle: Settle,
  staffUserId: number | null,
  invoiceHash: string,
  body: TRefundRequest,
  commit: CommitOutcome<Done>,
): Promise<Outcome<Done>> {
  const payment = await deps.payments.paymentOf(invoiceHash, body.payment);
  const input = {
    invoiceHash,
    paymentHash: body.payment,
    amountCents: body.amountCents,
    reason: body.reason,
    recordedBy: staffUserId,
  };
  if (payment?.method !== 'card' || !payment.providerRef)
    return commit(async () => settle(await deps.payments.refund(input)));
  return refundCard(deps, settle, input, payment.providerRef, commit);
}

/**
 * A card payment's refund: reserved first, then made in Stripe with the refund's own
 * idempotency key; a refusal takes the reservation back, Stripe's id confirms it in `commit`.
 */
async function refundCard(
  deps: PaymentServiceDeps,
  settle: Settle,
  input: Parameters<PaymentRepository['refund']>[0],
  paymentIntent: string,
  commit: CommitOutcome<Done>,
): Promise<Outcome<Done>> {
  const { invoiceHash } = input;
  const reserved = await deps.payments.refund(input);
  if (!reserved.ok) return settle(reserved);
  if (!deps.processor) {
    await deps.payments.undoRefund(reserved.hash);
    return refuse(409, PAYMENT_TEXTS.cardsOff);
  }
  let providerRef: string;
  try {
    const made = await deps.processor.refund({
      paymentIntent,
      amountCents: input.amountCents,
      idempotencyKey: `refund-${reserved.hash}`,
    });
    providerRef = made.id;
  } catch (err) {
    deps.log.error({ err, invoice: invoiceHash }, 'Stripe refused a refund');
    await deps.payments.undoRefund(reserved.hash);
    return refuse(502, PAYMENT_TEXTS.processorRefused);
  }
  // The money went back: should this commit fail, the reservation is not undone but left
  // for reconciliation (a refund row without Stripe's id; Stripe's charge.refunded event
  // counts nothing twice), and the caller hears the failure.
  return commit(async () => {
    await deps.payments.setRefundProviderRef(reserved.hash, providerRef);
    return settle(reserved);
  });
}

async function refundInFull(
  deps: PaymentServiceDeps,
  refund: Refund,
  invoiceHash: string,
  reason: string,
): Promise<{ refundedCents: number }> {
  const inv = await deps.invoices.find(invoiceHash);
  let refundedCents = 0;
  for (const payment of inv?.payments ?? []) {
    const back = (inv?.refunds ?? [])
      .filter((r) => r.payment === payment.hash)
      .reduce((sum, r) => sum + r.amountCents, 0);
    const amountCents = payment.amountCents - back;
    if (amountCents <= 0) continue;
    const done = await refund(
      null,
      invoiceHash,
      { payment: payment.hash, amountCents, reason },
      commitAsItIs,
    );
    if (done.ok) refundedCents += amountCents;
    else deps.log.error({ invoice: invoiceHash, why: done.message }, 'automatic refund failed');
  }
  return { refundedCents };
}

/**
 * Staff's money actions on an invoice (issue 17; docs/decisions/020-payments.md): record a
 * payment, refund part or all of one, void an unpaid invoice. The repository makes each change
 * in one locked transaction; afterwards the property's sockets hear of it and, when an invoice
 * becomes paid, its owners are told by mail and the person billed gets a PDF receipt.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  /** What starts work when an invoice is paid (a valuation report's job); run after the commit. */
  const paidListeners: PaidListener[] = [];
  const settleIt: Settle = (outcome) => settle(deps, paidListeners, outcome);
  const refund: Refund = (staffUserId, invoiceHash, body, commit) =>
    refundPayment(deps, settleIt, staffUserId, invoiceHash, body, commit);

  return {
    /** Run `listener` with the orders an invoice billed whenever one becomes paid. */
    onPaid(listener: (orderIds: number[]) => Promise<void>) {
      paidListeners.push(listener);
    },

    /**
     * The receipt of an invoice paid in full (also after a refund, which the invoice itself
     * shows), or null while nothing was fully paid. The caller has checked who may see it.
     */
    async receipt(inv: FullInvoice) {
      return inv.paidAt ? receiptOf(deps, inv) : null;
    },

    async record(staffUserId: number, invoiceHash: string, body: TRecordPaymentRequest) {
      if (body.receivedOn > utcToday())
        return refuse(422, PAYMENT_TEXTS.futureDate, { receivedOn: [PAYMENT_TEXTS.futureDate] });
      return settleIt(
        await deps.payments.record({ invoiceHash, ...body, recordedBy: staffUserId }),
      );
    },

    /**
     * A refund by staff (or, `staffUserId` null, the automatic one of a second card payment).
     * One of a check or cash payment is written in `commit`, with a route's activity row. One
     * of a card payment is reserved first (its row, under the invoice's lock, in its own
     * transaction, so two staff cannot refund the same money), then made in Stripe with the
     * refund's own idempotency key: a refusal takes the reservation back, and Stripe's id
     * confirms it in `commit`, with the telling and the route's row.
     */
    refund,

    /** After a verified card event changed an invoice: the same telling as a staff payment. */
    announce: (done: Done) => settleIt(done),

    async void(invoiceHash: string) {
      return settleIt(await deps.payments.void(invoiceHash));
    },

    /**
     * Give back everything still held on an invoice, payment by payment (a product we cannot
     * deliver: docs/decisions/063). A refusal is logged and the rest still tried; answers what
     * was refunded.
     */
    refundInFull: (invoiceHash: string, reason: string) =>
      refundInFull(deps, refund, invoiceHash, reason),
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
