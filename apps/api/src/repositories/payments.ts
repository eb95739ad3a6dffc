import type { TInvoiceStatus, TPaymentMethod } from '@lantern/contracts';
import {
  type Db,
  invoices,
  newHash,
  orders,
  payments,
  properties,
  propertyParticipants,
  refunds,
  users,
} from '@lantern/db';
import { and, eq, sql } from 'drizzle-orm';

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
      invoice: { id: number; hash: string; number: number; propertyHash: string };
      before: { status: TInvoiceStatus; paidCents: number; refundedCents: number };
      after: { status: TInvoiceStatus; paidCents: number; refundedCents: number };
    };

/** The status an invoice's sums put it in (docs/decisions/020-payments.md). */
export function statusFor(totalCents: number, paidCents: number, refundedCents: number) {
  if (refundedCents > 0) return refundedCents >= paidCents ? 'refunded' : 'partially_refunded';
  return paidCents >= totalCents ? 'paid' : 'open';
}

export interface Owner {
  email: string;
  hash: string;
  billed: boolean;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The invoice row, locked until the transaction ends: payments of one invoice go one at a time. */
async function lockInvoice(tx: Tx, hash: string) {
  const [row] = await tx
    .select({
      id: invoices.id,
      hash: invoices.hash,
      number: invoices.number,
      orderId: invoices.orderId,
      status: invoices.status,
      totalCents: invoices.totalCents,
      paidCents: invoices.paidCents,
      refundedCents: invoices.refundedCents,
      propertyHash: properties.hash,
    })
    .from(invoices)
    .innerJoin(properties, eq(properties.id, invoices.propertyId))
    .where(eq(invoices.hash, hash))
    .for('update', { of: invoices });
  return row;
}

/**
 * Payments and refunds (issue 17). Each write locks its invoice, adds its row and moves the
 * invoice's sums and status in one transaction; the database checks the amounts (positive, and
 * refunds within payments) as a last line.
 */
export function createPaymentRepository(db: Db) {
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
        const status = statusFor(inv.totalCents, paidCents, inv.refundedCents);
        await tx
          .update(invoices)
          .set({ paidCents, status, ...(status === 'paid' ? { paidAt: new Date() } : {}) })
          .where(eq(invoices.id, inv.id));
        // Paid moves the order on to be worked (decision 010: confirmed = paid or free).
        if (status === 'paid')
          await tx
            .update(orders)
            .set({ status: 'confirmed', updatedAt: new Date() })
            .where(and(eq(orders.id, inv.orderId), eq(orders.status, 'pending_payment')));
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

    async refund(input: {
      invoiceHash: string;
      paymentHash: string;
      amountCents: number;
      reason: string;
      recordedBy: number | null;
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

    /** An open invoice nobody paid anything on is void, and its order cancelled. */
    async void(invoiceHash: string): Promise<MoneyOutcome> {
      return db.transaction(async (tx) => {
        const inv = await lockInvoice(tx, invoiceHash);
        if (!inv) return { ok: false, reason: 'notFound' };
        if (inv.status !== 'open' || inv.paidCents > 0) return { ok: false, reason: 'notVoidable' };
        await tx.update(invoices).set({ status: 'void' }).where(eq(invoices.id, inv.id));
        await tx
          .update(orders)
          .set({ status: 'cancelled', updatedAt: new Date() })
          .where(eq(orders.id, inv.orderId));
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
export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
