import { MESSAGES, PAYMENT_TEXTS } from '@lantern/contracts';
import { type Commit, commitAsItIs } from '@lantern/db';
import { invoiceNumber } from '@lantern/domain';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { JobRunner } from '../jobs/runner.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { InvoiceRepository } from './invoices.repository.ts';
import type { CardEventOutcome, PaymentRepository } from './payments.repository.ts';
import type { PaymentService } from './payments.ts';
import type { CardProcessor } from './stripe.ts';

/** The job that refunds a second card payment of an invoice already paid. */
export const CARD_REFUND_JOB = 'payments.card-refund';

interface CardRefundPayload {
  invoiceHash: string;
  paymentHash: string;
  amountCents: number;
}

export interface CardPaymentDeps {
  processor: CardProcessor;
  payments: PaymentRepository;
  invoices: InvoiceRepository;
  paymentService: PaymentService;
  jobs: JobRunner;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
}

/** The job that refunds a second card payment of an invoice. */
function defineRefundJob(deps: CardPaymentDeps) {
  deps.jobs.define(CARD_REFUND_JOB, {
    handler: async (payload) => {
      const p = payload as CardRefundPayload;
      const outcome = await deps.paymentService.refund(
        null,
        p.invoiceHash,
        {
          payment: p.paymentHash,
          amountCents: p.amountCents,
          reason: PAYMENT_TEXTS.paidTwiceReason,
        },
        commitAsItIs,
      );
      // Already refunded (by an earlier attempt or in Stripe) is done too.
      if (!outcome.ok && outcome.status === 502) throw new Error(outcome.message);
    },
    describe: (payload) =>
      `Refund a second card payment of invoice ${(payload as CardRefundPayload).invoiceHash}`,
  });
}

/** What an event's outcome asks for once it is recorded. */
async function after(deps: CardPaymentDeps, outcome: CardEventOutcome, event: Stripe.Event) {
  switch (outcome.kind) {
    case 'updated':
      await deps.paymentService.announce(outcome.done);
      return;
    case 'alert':
      deps.log.error(
        { invoice: outcome.invoiceHash, event: event.id, type: event.type },
        'a card payment needs staff: see the invoice in Admin',
      );
      return;
    case 'paidTwice':
      await deps.jobs.enqueue(
        CARD_REFUND_JOB,
        {
          invoiceHash: outcome.invoiceHash,
          paymentHash: outcome.paymentHash,
          amountCents: outcome.amountCents,
        } satisfies CardRefundPayload,
        { dedupeKey: `card-refund:${outcome.paymentIntent}` },
      );
      return;
    default:
      return;
  }
}

const idOf = (v: string | { id: string } | null | undefined) =>
  typeof v === 'string' ? v : (v?.id ?? null);

/** Record a verified event as the payments repository reads it; `ignored` for other kinds. */
async function outcomeOf(deps: CardPaymentDeps, event: Stripe.Event): Promise<CardEventOutcome> {
  let outcome: CardEventOutcome = { kind: 'ignored' };
  const base = { eventId: event.id, eventType: event.type };
  if (event.type === 'checkout.session.completed') {
    const s = event.data.object;
    const invoiceHash = s.metadata?.invoice ?? s.client_reference_id;
    const paymentIntent = idOf(s.payment_intent);
    if (invoiceHash && paymentIntent && s.payment_status === 'paid')
      outcome = await deps.payments.cardPaid({
        ...base,
        invoiceHash,
        sessionId: s.id,
        paymentIntent,
        amountCents: s.amount_total ?? 0,
        currency: (s.currency ?? '').toLowerCase(),
      });
  } else if (event.type === 'checkout.session.expired') {
    outcome = await deps.payments.checkoutExpired({ ...base, sessionId: event.data.object.id });
  } else if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const paymentIntent = idOf(charge.payment_intent);
    if (paymentIntent)
      outcome = await deps.payments.cardRefunded({
        ...base,
        chargeId: charge.id,
        paymentIntent,
        amountRefundedCents: charge.amount_refunded,
      });
  } else if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object;
    const paymentIntent = idOf(dispute.payment_intent);
    if (paymentIntent)
      outcome = await deps.payments.cardDisputed({
        ...base,
        disputeId: dispute.id,
        paymentIntent,
        amountCents: dispute.amount,
        reason: dispute.reason,
      });
  }
  return outcome;
}

/** The URL of a Checkout session for what the invoice owes, for the customer's browser. */
async function checkout(
  deps: CardPaymentDeps,
  userId: number,
  invoiceHash: string,
  commit: Commit,
): Promise<Outcome<{ url: string }>> {
  const inv = await deps.invoices.findForUser(userId, invoiceHash);
  if (!inv) return refuse(404, MESSAGES.notFound);
  const balance = inv.totalCents - inv.paidCents;
  if (inv.status !== 'open' || balance <= 0) return refuse(409, PAYMENT_TEXTS.notOpen);
  const open = await deps.payments.usableCheckout(inv.id, balance);
  // Reusing a session changes nothing, but the request is still recorded, in `commit`.
  if (open) return commit(async () => ok({ url: open.url }));
  const n = await deps.payments.checkoutCount(inv.id);
  const page = `${deps.publicUrl}/dashboard/invoices/${inv.hash}`;
  const session = await deps.processor.createCheckout({
    invoiceHash: inv.hash,
    number: invoiceNumber(inv.number),
    description: inv.description,
    amountCents: balance,
    customerEmail: inv.billedTo,
    successUrl: `${page}?checkout=done`,
    cancelUrl: page,
    // Two clicks at once ask Stripe the same thing and get the same session back.
    idempotencyKey: `checkout-${inv.hash}-${balance}-${n}`,
  });
  // Stripe's session is made first; saved, with a route's activity row, in `commit`. An
  // unsaved session is harmless: it expires, and a retry gets it back (same key).
  return commit(async () => {
    await deps.payments.saveCheckout({
      id: session.id,
      invoiceId: inv.id,
      amountCents: balance,
      url: session.url,
      expiresAt: session.expiresAt,
    });
    return ok({ url: session.url });
  });
}

/**
 * Card payments through Stripe Checkout (issue 17; docs/decisions/020-payments.md). "Pay"
 * makes (or reuses) a hosted session for exactly what the invoice owes; the money counts only
 * when a verified webhook says so, never when the browser comes back.
 */
export function createCardPaymentService(deps: CardPaymentDeps) {
  defineRefundJob(deps);

  return {
    /**
     * The invoice's total changed (an upgrade added to or taken off it): an open Checkout
     * session for the old amount is closed at Stripe, so an old tab cannot pay the wrong sum.
     * A failure is logged, not thrown: the change stands, and a wrong-amount payment still
     * alerts staff (decision 020).
     */
    async expireStale(invoiceId: number, balanceCents: number): Promise<void> {
      for (const s of await deps.payments.staleCheckouts(invoiceId, balanceCents)) {
        try {
          await deps.processor.expireCheckout(s.id);
          await deps.payments.markCheckoutExpired(s.id);
        } catch (err) {
          deps.log.warn({ err, session: s.id }, 'could not expire an out-of-date Checkout session');
        }
      }
    },

    /** The URL of a Checkout session for what the invoice owes, for the customer's browser. */
    checkout: (userId: number, invoiceHash: string, commit: Commit) =>
      checkout(deps, userId, invoiceHash, commit),

    /** A verified event: handled once, whichever instance receives it and however often. */
    async handle(event: Stripe.Event): Promise<void> {
      const outcome = await outcomeOf(deps, event);
      if (outcome.kind === 'duplicate') deps.log.info({ event: event.id }, 'Stripe event replayed');
      await after(deps, outcome, event);
    },
  };
}
export type CardPaymentService = ReturnType<typeof createCardPaymentService>;
