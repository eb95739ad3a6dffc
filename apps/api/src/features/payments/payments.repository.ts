import type { TInvoiceKind, TInvoiceStatus, TPaymentMethod } from '@lantern/contracts';
import {
  checkoutSessions,
  type Db,
  invoiceLines,
  invoices,
  newHash,
  orders,
  paymentAlerts,
  payments,
  properties,
  propertyParticipants,
  refunds,
  stripeEvents,
  users,
} from '@lantern/db';
import { and, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { releaseCoupon } from '../orders/coupons.repository.ts';

/** Why a payment, refund or void was not recorded; the service turns it into words. */
export type MoneyRefusal =
  | 'notFound'
  | 'notOpen'
  | 'tooMuch'
  | 'notRefundable'
  | 'refundTooBig'
  | 'paymentNotFound'
  | 'notVoidable';

export type MoneyOutcome =
  | { ok: false; reason: MoneyRefusal }
  | {
      ok: true;
      hash: string;
      invoice: {
        id: number;
        hash: string;
        number: number;
        orderId: number;
        /** The order's own invoice, or a trip charge or agent's hours on it, which never move the order. */
        kind: TInvoiceKind;
        /** Orders billed on its lines besides its own (an MLS listing's upgrades). */
        lineOrderIds: number[];
        propertyHash: string;
      };
      before: { status: TInvoiceStatus; paidCents: number; refundedCents: number };
      after: { status: TInvoiceStatus; paidCents: number; refundedCents: number };
    };

/**
 * The status an invoice's sums put it in (docs/decisions/020-payments.md). What was kept
 * (paid − refunded) decides once anything went back: a second card payment refunded in full
 * leaves the invoice paid.
 */
export function statusFor(
  totalCents: number,
  paidCents: number,
  refundedCents: number,
): TInvoiceStatus {
  if (refundedCents === 0) return paidCents >= totalCents ? 'paid' : 'open';
  const kept = paidCents - refundedCents;
  if (kept <= 0) return 'refunded';
  return kept >= totalCents ? 'paid' : 'partially_refunded';
}

/** What a verified card event did; the service acts on some of them after the commit. */
export type CardEventOutcome =
  | { kind: 'duplicate' }
  | { kind: 'ignored' }
  | { kind: 'alert'; invoiceHash: string }
  | { kind: 'updated'; done: Extract<MoneyOutcome, { ok: true }> }
  | {
      kind: 'paidTwice';
      invoiceHash: string;
      paymentHash: string;
      paymentIntent: string;
      amountCents: number;
    };

export interface Owner {
  email: string;
  hash: string;
  billed: boolean;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Claim a Stripe event id; false when it was handled already (here or at another instance). */
async function claim(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

/**
 * Every order an invoice bills: its own, and the upgrades added to an unpaid MLS listing's
 * invoice, each on a line carrying its order (docs/decisions/031-mls-listing-builder.md). A trip
 * charge or an agent's hours bill no order: paying or voiding one leaves its order as it is
 * (decisions 046 and 050).
 */
const ordersBilledOn = (inv: { id: number; orderId: number; kind: TInvoiceKind }) =>
  inv.kind !== 'order'
    ? sql`false`
    : or(
        eq(orders.id, inv.orderId),
        inArray(
          orders.id,
          sql`(select ${invoiceLines.orderId} from ${invoiceLines} where ${invoiceLines.invoiceId} = ${inv.id} and ${invoiceLines.orderId} is not null)`,
        ),
      );

/** The invoice row, locked until the transaction ends: payments of one invoice go one at a time. */
async function lockInvoice(tx: Tx, hash: string) {
  const [row] = await tx
    .select({
      id: invoices.id,
      hash: invoices.hash,
      number: invoices.number,
      orderId: invoices.orderId,
      kind: invoices.kind,
      status: invoices.status,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      refundedCents: invoices.refundedCents,
      propertyHash: properties.hash,
      lineOrderIds: sql<
        number[]
      >`coalesce((select array_agg(${invoiceLines.orderId}) from ${invoiceLines} where ${invoiceLines.invoiceId} = ${invoices.id} and ${invoiceLines.orderId} is not null), '{}')`,
    })
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .where(eq(invoices.hash, hash))
    .for('update', { of: invoices });
  return row;
}

type LockedInvoice = NonNullable<Awaited<ReturnType<typeof lockInvoice>>>;

/**
 * The locked open invoice now has `paidCents` paid: its status follows, and paid in full moves
 * its orders on to be worked (decision 010: confirmed = paid or free).
 */
async function settlePaid(tx: Tx, inv: LockedInvoice, paidCents: number) {
  const status = statusFor(inv.totalCents, paidCents, inv.refundedCents);
  await tx
    .update(invoices)
    .set({ paidCents, status, ...(status === 'paid' ? { paidAt: new Date() } : {}) })
    .where(eq(invoices.id, inv.id));
  if (status === 'paid')
    await tx
      .update(orders)
      .set({ status: 'confirmed', updatedAt: new Date() })
      .where(and(ordersBilledOn(inv), eq(orders.status, 'pending_payment')));
  return status;
}

/** A verified card payment of the locked invoice: paid in full moves its orders on. */
async function recordCardPayment(
  tx: Tx,
  inv: LockedInvoice,
  e: { paymentIntent: string; amountCents: number },
): Promise<CardEventOutcome> {
  const hash = newHash();
  await tx.insert(payments).values({
    hash,
    invoiceId: inv.id,
    amountCents: e.amountCents,
    method: 'card',
    reference: e.paymentIntent,
    receivedOn: sql`current_date`,
    recordedBy: null,
    providerRef: e.paymentIntent,
  });
  const paidCents = inv.paidCents + e.amountCents;
  if (inv.status !== 'open') {
    await tx.update(invoices).set({ paidCents }).where(eq(invoices.id, inv.id));
    return {
      kind: 'paidTwice',
      invoiceHash: inv.hash,
      paymentHash: hash,
      paymentIntent: e.paymentIntent,
      amountCents: e.amountCents,
    };
  }
  const status = await settlePaid(tx, inv, paidCents);
  return {
    kind: 'updated',
    done: {
      ok: true,
      hash,
      invoice: inv,
      before: {
        status: inv.status,
        paidCents: inv.paidCents,
        refundedCents: inv.refundedCents,
      },
      after: { status, paidCents, refundedCents: inv.refundedCents },
    },
  };
}

/** Recording a payment by hand, and reading one. */
function paymentRecords(db: Db) {
  return {
    async record(input: {
      invoiceHash: string;
      amountCents: number;
      method: TPaymentMethod;
      reference: string;
      receivedOn: string;
      recordedBy: number | null;
    }): Promise<MoneyOutcome> {
      return db.transaction(async (tx) => {
        const inv = await lockInvoice(tx, input.invoiceHash);
        if (!inv) return { ok: false, reason: 'notFound' };
        if (inv.status !== 'open') return { ok: false, reason: 'notOpen' };
        if (input.amountCents > inv.totalCents - inv.paidCents)
          return { ok: false, reason: 'tooMuch' };
        const hash = newHash();
        await tx.insert(payments).values({
          hash,
          invoiceId: inv.id,
          amountCents: input.amountCents,
          method: input.method,
          reference: input.reference,
          receivedOn: input.receivedOn,
          recordedBy: input.recordedBy,
        });
        const paidCents = inv.paidCents + input.amountCents;
        const status = await settlePaid(tx, inv, paidCents);
        return {
          ok: true,
          hash,
          invoice: inv,
          before: {
            status: inv.status,
            paidCents: inv.paidCents,
            refundedCents: inv.refundedCents,
          },
          after: { status, paidCents, refundedCents: inv.refundedCents },
        };
      });
    },

    /** A card refund's id at Stripe, once Stripe made it. */
    async setRefundProviderRef(refundHash: string, providerRef: string) {
      await db.update(refunds).set({ providerRef }).where(eq(refunds.hash, refundHash));
    },

    /** The payment as a refund needs it: its method and, for a card, its PaymentIntent. */
    async paymentOf(invoiceHash: string, paymentHash: string) {
      const [row] = await db
        .select({ method: payments.method, providerRef: payments.providerRef })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(and(eq(payments.hash, paymentHash), eq(invoices.hash, invoiceHash)));
      return row;
    },
  };
}

/** Refunding a payment. */
function paymentRefunds(db: Db) {
  return {
    async refund(input: {
      invoiceHash: string;
      paymentHash: string;
      amountCents: number;
      reason: string;
      recordedBy: number | null;
      providerRef?: string;
    }): Promise<MoneyOutcome> {
      return db.transaction(async (tx) => {
        const inv = await lockInvoice(tx, input.invoiceHash);
        if (!inv) return { ok: false, reason: 'notFound' };
        if (inv.status !== 'paid' && inv.status !== 'partially_refunded')
          return { ok: false, reason: 'notRefundable' };
        const [payment] = await tx
          .select({
            id: payments.id,
            amountCents: payments.amountCents,
            refundedCents: sql<number>`(select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refunds.paymentId} = ${payments.id})::int`,
          })
          .from(payments)
          .where(and(eq(payments.hash, input.paymentHash), eq(payments.invoiceId, inv.id)));
        if (!payment) return { ok: false, reason: 'paymentNotFound' };
        const cap = Math.min(
          payment.amountCents - payment.refundedCents,
          inv.paidCents - inv.refundedCents,
        );
        if (input.amountCents > cap) return { ok: false, reason: 'refundTooBig' };
        const hash = newHash();
        await tx.insert(refunds).values({
          hash,
          invoiceId: inv.id,
          paymentId: payment.id,
          amountCents: input.amountCents,
          reason: input.reason,
          recordedBy: input.recordedBy,
          providerRef: input.providerRef ?? null,
        });
        const refundedCents = inv.refundedCents + input.amountCents;
        const status = statusFor(inv.totalCents, inv.paidCents, refundedCents);
        await tx.update(invoices).set({ refundedCents, status }).where(eq(invoices.id, inv.id));
        return {
          ok: true,
          hash,
          invoice: inv,
          before: {
            status: inv.status,
            paidCents: inv.paidCents,
            refundedCents: inv.refundedCents,
          },
          after: { status, paidCents: inv.paidCents, refundedCents },
        };
      });
    },
  };
}

/** Voiding an invoice, and undoing a refund the provider refused. */
function paymentUndos(db: Db) {
  return {
    /**
     * An open invoice nobody paid anything on is void, and its order cancelled; a coupon the
     * order used is given back. A void trip charge leaves its order as it is.
     */
    async void(invoiceHash: string): Promise<MoneyOutcome> {
      return db.transaction(async (tx) => {
        const inv = await lockInvoice(tx, invoiceHash);
        if (!inv) return { ok: false, reason: 'notFound' };
        if (inv.status !== 'open' || inv.paidCents > 0) return { ok: false, reason: 'notVoidable' };
        await tx.update(invoices).set({ status: 'void' }).where(eq(invoices.id, inv.id));
        const cancelled = await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(ordersBilledOn(inv))
          .returning({ id: orders.id });
        for (const order of cancelled) await releaseCoupon(tx, order.id);
        const sums = { paidCents: inv.paidCents, refundedCents: inv.refundedCents };
        return {
          ok: true,
          hash: inv.hash,
          invoice: inv,
          before: { status: inv.status, ...sums },
          after: { status: 'void', ...sums },
        };
      });
    },

    /** Take back a refund row whose card refund Stripe refused, and the invoice's sums with it. */
    async undoRefund(refundHash: string) {
      await db.transaction(async (tx) => {
        const [r] = await tx
          .select({ id: refunds.id, invoiceId: refunds.invoiceId, amount: refunds.amountCents })
          .from(refunds)
          .where(eq(refunds.hash, refundHash));
        if (!r) return;
        const [inv] = await tx
          .select({
            total: invoices.totalCents,
            paid: invoices.paidCents,
            refunded: invoices.refundedCents,
          })
          .from(invoices)
          .where(eq(invoices.id, r.invoiceId))
          .for('update');
        if (!inv) return;
        await tx.delete(refunds).where(eq(refunds.id, r.id));
        const refundedCents = inv.refunded - r.amount;
        await tx
          .update(invoices)
          .set({ refundedCents, status: statusFor(inv.total, inv.paid, refundedCents) })
          .where(eq(invoices.id, r.invoiceId));
      });
    },
  };
}

/** Card checkout sessions. */
function paymentCheckouts(db: Db) {
  return {
    /** An open Checkout session for this amount that has at least ten minutes left. */
    async usableCheckout(invoiceId: number, amountCents: number) {
      const [row] = await db
        .select({ id: checkoutSessions.id, url: checkoutSessions.url })
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.invoiceId, invoiceId),
            eq(checkoutSessions.status, 'open'),
            eq(checkoutSessions.amountCents, amountCents),
            gt(checkoutSessions.expiresAt, sql`now() + interval '10 minutes'`),
          ),
        )
        .orderBy(desc(checkoutSessions.createdAt))
        .limit(1);
      return row;
    },

    /** Open Checkout sessions of the invoice for another amount than it now owes. */
    staleCheckouts(invoiceId: number, balanceCents: number) {
      return db
        .select({ id: checkoutSessions.id })
        .from(checkoutSessions)
        .where(
          and(
            eq(checkoutSessions.invoiceId, invoiceId),
            eq(checkoutSessions.status, 'open'),
            ne(checkoutSessions.amountCents, balanceCents),
          ),
        );
    },

    async markCheckoutExpired(sessionId: string) {
      await db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
    },

    /** How many sessions the invoice has had: the next one's idempotency key counts on. */
    async checkoutCount(invoiceId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(checkoutSessions)
        .where(eq(checkoutSessions.invoiceId, invoiceId));
      return row?.n ?? 0;
    },

    async saveCheckout(s: {
      id: string;
      invoiceId: number;
      amountCents: number;
      url: string;
      expiresAt: Date;
    }) {
      await db.insert(checkoutSessions).values(s).onConflictDoNothing();
    },
  };
}

/** Stripe's checkout events. */
function paymentCardEvents(db: Db) {
  return {
    /**
     * checkout.session.completed, verified. In one transaction: the event id is claimed (a replay,
     * or the same event at another instance, stops here), the invoice locked, and either the
     * payment recorded (paid moves the order on), or — a wrong amount or currency — an alert for
     * staff with the invoice left open, or — the invoice was already paid — the payment recorded
     * so it can be refunded.
     */
    async cardPaid(e: {
      eventId: string;
      eventType: string;
      invoiceHash: string;
      sessionId: string;
      paymentIntent: string;
      amountCents: number;
      currency: string;
    }): Promise<CardEventOutcome> {
      return db.transaction(async (tx) => {
        if (!(await claim(tx, e.eventId, e.eventType))) return { kind: 'duplicate' };
        const inv = await lockInvoice(tx, e.invoiceHash);
        if (!inv) return { kind: 'ignored' };
        await tx
          .update(checkoutSessions)
          .set({ status: 'complete' })
          .where(eq(checkoutSessions.id, e.sessionId));
        const [known] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.providerRef, e.paymentIntent));
        if (known) return { kind: 'ignored' };
        const balance = inv.totalCents - inv.paidCents;
        if (e.currency !== 'usd' || (inv.status === 'open' && e.amountCents !== balance)) {
          await tx.insert(paymentAlerts).values({
            invoiceId: inv.id,
            kind: 'amount_mismatch',
            detail: `Card payment of ${e.amountCents} ${e.currency.toUpperCase()} cents does not match the ${balance} USD cents owed; the invoice stays open.`,
            providerRef: e.paymentIntent,
          });
          return { kind: 'alert', invoiceHash: inv.hash };
        }
        return recordCardPayment(tx, inv, e);
      });
    },

    /** checkout.session.expired: the next "Pay" makes a new session. */
    async checkoutExpired(e: { eventId: string; eventType: string; sessionId: string }) {
      return db.transaction(async (tx): Promise<CardEventOutcome> => {
        if (!(await claim(tx, e.eventId, e.eventType))) return { kind: 'duplicate' };
        await tx
          .update(checkoutSessions)
          .set({ status: 'expired' })
          .where(and(eq(checkoutSessions.id, e.sessionId), eq(checkoutSessions.status, 'open')));
        return { kind: 'ignored' };
      });
    },
  };
}

/** Stripe's refund and dispute events; a refund made in Stripe goes through `refund`. */
function paymentCardDisputes(db: Db, refunding: Pick<ReturnType<typeof paymentRefunds>, 'refund'>) {
  return {
    /**
     * charge.refunded: Stripe's total refunded for the PaymentIntent. Refunds we made are already
     * rows; any difference (a refund made in Stripe's dashboard) becomes one more row.
     */
    async cardRefunded(e: {
      eventId: string;
      eventType: string;
      chargeId: string;
      paymentIntent: string;
      amountRefundedCents: number;
    }): Promise<CardEventOutcome> {
      const outcome = await db.transaction(async (tx) => {
        if (!(await claim(tx, e.eventId, e.eventType))) return { kind: 'duplicate' as const };
        const [p] = await tx
          .select({
            hash: payments.hash,
            invoiceHash: invoices.hash,
            recorded: sql<number>`(select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refunds.paymentId} = ${payments.id})::int`,
          })
          .from(payments)
          .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(eq(payments.providerRef, e.paymentIntent));
        if (!p || e.amountRefundedCents <= p.recorded) return { kind: 'ignored' as const };
        return {
          kind: 'refund' as const,
          invoiceHash: p.invoiceHash,
          paymentHash: p.hash,
          amountCents: e.amountRefundedCents - p.recorded,
        };
      });
      if (outcome.kind !== 'refund') return outcome;
      const done = await refunding.refund({
        invoiceHash: outcome.invoiceHash,
        paymentHash: outcome.paymentHash,
        amountCents: outcome.amountCents,
        reason: 'Refunded in Stripe',
        recordedBy: null,
        providerRef: `${e.chargeId}:${e.amountRefundedCents}`,
      });
      return done.ok ? { kind: 'updated', done } : { kind: 'ignored' };
    },

    /** charge.dispute.created: staff must answer the dispute; the invoice carries an alert. */
    async cardDisputed(e: {
      eventId: string;
      eventType: string;
      disputeId: string;
      paymentIntent: string;
      amountCents: number;
      reason: string;
    }): Promise<CardEventOutcome> {
      return db.transaction(async (tx) => {
        if (!(await claim(tx, e.eventId, e.eventType))) return { kind: 'duplicate' };
        const [p] = await tx
          .select({ invoiceId: payments.invoiceId, invoiceHash: invoices.hash })
          .from(payments)
          .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
          .where(eq(payments.providerRef, e.paymentIntent));
        if (!p) return { kind: 'ignored' };
        await tx.insert(paymentAlerts).values({
          invoiceId: p.invoiceId,
          kind: 'dispute',
          detail: `The card holder disputed ${e.amountCents} USD cents (${e.reason}). Answer it in Stripe.`,
          providerRef: e.disputeId,
        });
        return { kind: 'alert', invoiceHash: p.invoiceHash };
      });
    },
  };
}

/** Alerts for staff and who owns an invoice. */
function paymentAlertReads(db: Db) {
  return {
    /** Tell staff about an invoice (issue 38: a paid report we could not make was refunded). */
    async alert(invoiceId: number, kind: 'undeliverable', detail: string, providerRef: string) {
      await db.insert(paymentAlerts).values({ invoiceId, kind, detail, providerRef });
    },

    /** Alerts on an invoice, newest first, for staff. */
    async alerts(invoiceId: number) {
      return db
        .select({
          kind: paymentAlerts.kind,
          detail: paymentAlerts.detail,
          createdAt: paymentAlerts.createdAt,
        })
        .from(paymentAlerts)
        .where(eq(paymentAlerts.invoiceId, invoiceId))
        .orderBy(desc(paymentAlerts.id));
    },

    /**
     * Who hears about an invoice's payment: the user it is billed to and the property's
     * participants who can edit (those who may see the invoice), each once.
     */
    async owners(invoiceId: number) {
      const rows = await db.execute<Record<string, unknown>>(sql`
        select distinct on (u.id) u.email, u.hash, (u.id = i.user_id) as billed
        from ${invoices} i
        join ${users} u on u.id = i.user_id or exists (
          select 1 from ${propertyParticipants} pp
          where pp.property_id = i.property_id and pp.user_id = u.id and pp.can_edit)
        where i.id = ${invoiceId}
        order by u.id`);
      // node-postgres answers { rows }, PGlite the same; older drivers an array.
      return (rows as unknown as { rows?: Owner[] }).rows ?? (rows as unknown as Owner[]);
    },
  };
}

/**
 * Payments and refunds (issue 17). Each write locks its invoice, adds its row and moves the
 * invoice's sums and status in one transaction; the database checks the amounts (positive, and
 * refunds within payments) as a last line.
 */
export function createPaymentRepository(db: Db) {
  const refunding = paymentRefunds(db);
  return {
    ...paymentRecords(db),
    ...refunding,
    ...paymentUndos(db),
    ...paymentCheckouts(db),
    ...paymentCardEvents(db),
    ...paymentCardDisputes(db, refunding),
    ...paymentAlertReads(db),
  };
}
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
