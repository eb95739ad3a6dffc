import {
  MESSAGES,
  streetAddressUnit,
  ORDER_ADMIN_TEXTS as T,
  type TAdminOrderDetail,
  type TAdminOrderRow,
  type TAdminOrdersQuery,
} from '@lantern/contracts';
import type { Order } from '@lantern/db';
import { dashboardHref, formatCents } from '@lantern/domain';
import type { OutgoingMail } from '../mail/index.ts';
import { type BrandData, orderCancelled, orderQuoteReady } from '../mail/templates.ts';
import type { PaymentService } from '../payments/payments.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
import type { AdminOrderRepository } from './admin-orders.repository.ts';

type Row = NonNullable<Awaited<ReturnType<AdminOrderRepository['find']>>>;
/** A list row: the order's columns the table shows, and what is read beside it. */
type ListRow = Omit<
  Awaited<ReturnType<AdminOrderRepository['page']>>['rows'][number],
  'sortKey' | 'keyId'
>;

function toRow(r: ListRow): TAdminOrderRow {
  return {
    hash: r.order.hash,
    product: { slug: r.productSlug, name: r.productName },
    status: r.order.status,
    priceCents: r.order.priceCents,
    property: {
      hash: r.propertyHash,
      address: `${streetAddressUnit(r.street, r.unit)}, ${r.city}, ${r.state}`,
    },
    customer: { hash: r.customerHash, email: r.customerEmail },
    invoice:
      r.invoiceHash && r.invoiceStatus && r.invoiceTotalCents !== null
        ? { hash: r.invoiceHash, status: r.invoiceStatus, totalCents: r.invoiceTotalCents }
        : null,
    createdAt: r.order.createdAt.toISOString(),
  };
}

/** Money still on the order's invoice: what was paid and not given back. */
const heldCents = (r: Row) => (r.invoicePaidCents ?? 0) - (r.invoiceRefundedCents ?? 0);

/** Which moves staff may make on an order now (shown as buttons; checked again under the lock). */
function can(r: Row) {
  const s = r.order.status;
  return {
    quote: s === 'quote_requested',
    cancel:
      (s === 'quote_requested' || s === 'pending_payment' || s === 'confirmed') &&
      heldCents(r) <= 0,
    complete: s === 'confirmed',
  };
}

/**
 * Order management (issue 21; docs/decisions/038-order-management.md). Staff price a quote — the
 * order gets its invoice and the customer a mail; cancel an order with nothing held on it (an open
 * invoice is voided, through the payments service, so the invoice and its order stay in step);
 * complete a confirmed order; and keep notes. Each move runs under the order's row lock.
 */
export function createAdminOrderService(deps: {
  repo: AdminOrderRepository;
  payments: Pick<PaymentService, 'void'>;
  announceInvoice: (invoiceHash: string) => Promise<void>;
  mail: (mail: OutgoingMail) => Promise<unknown>;
  brand: BrandData;
}) {
  const { repo, brand } = deps;

  async function detail(hash: string): Promise<TAdminOrderDetail | undefined> {
    const r = await repo.find(hash);
    if (!r) return undefined;
    const notes = await repo.notes(r.order.id);
    return {
      ...toRow(r),
      couponCode: r.order.couponCode,
      notes: notes.map((n) => ({ id: n.id, body: n.body, by: n.by, at: n.at.toISOString() })),
      can: can(r),
    };
  }

  const audited = (o: Pick<Order, 'status' | 'priceCents'>) => ({
    status: o.status,
    priceCents: o.priceCents,
  });

  return {
    detail,
    async page(q: TAdminOrdersQuery) {
      const page = await repo.page(q);
      return { rows: page.rows.map(toRow), nextCursor: page.nextCursor };
    },

    async quote(hash: string, priceCents: number) {
      const before = await repo.find(hash);
      const out = await repo.priceQuote(hash, priceCents);
      if (!out.ok)
        return out.reason === 'notFound' ? refuse(404, MESSAGES.notFound) : refuse(409, T.notQuote);
      await deps.announceInvoice(out.invoiceHash);
      if (before) {
        await deps.mail({
          to: before.customerEmail,
          ...orderQuoteReady(brand, {
            service: before.productName,
            street: streetAddressUnit(before.street, before.unit),
            total: formatCents(out.totalCents),
            invoiceUrl: `${brand.publicUrl}/dashboard/invoices/${out.invoiceHash}`,
          }),
        });
      }
      return ok({ before: before ? audited(before.order) : null, after: audited(out.order) });
    },

    async cancel(
      hash: string,
      reason: string,
    ): Promise<Outcome<{ before: unknown; after: unknown }>> {
      const r = await repo.find(hash);
      if (!r) return refuse(404, MESSAGES.notFound);
      if (!can(r).cancel) return refuse(409, heldCents(r) > 0 ? T.paidFirst : T.notCancellable);
      if (r.invoiceHash && r.invoiceStatus === 'open') {
        // Voiding the open invoice cancels its order too, in the payments' own transaction.
        const voided = await deps.payments.void(r.invoiceHash);
        if (!voided.ok) return voided;
      } else {
        const moved = await repo.move(hash, 'cancelled', (o) =>
          ['quote_requested', 'pending_payment', 'confirmed'].includes(o.status),
        );
        if (!moved.ok)
          return moved.reason === 'notFound'
            ? refuse(404, MESSAGES.notFound)
            : refuse(409, T.notCancellable);
      }
      await repo.addNote(r.order.id, null, `Cancelled: ${reason}`);
      await deps.mail({
        to: r.customerEmail,
        ...orderCancelled(brand, {
          service: r.productName,
          street: streetAddressUnit(r.street, r.unit),
          reason,
          ordersUrl: `${brand.publicUrl}${dashboardHref('overview', r.propertyHash)}`,
        }),
      });
      return ok({ before: audited(r.order), after: { status: 'cancelled', reason } });
    },

    async complete(hash: string) {
      const moved = await repo.move(hash, 'completed', (o) => o.status === 'confirmed');
      if (!moved.ok)
        return moved.reason === 'notFound'
          ? refuse(404, MESSAGES.notFound)
          : refuse(409, T.notConfirmed);
      return ok({ before: audited(moved.before), after: { status: 'completed' } });
    },

    async addNote(hash: string, staffId: number, body: string) {
      const r = await repo.find(hash);
      if (!r) return refuse(404, MESSAGES.notFound);
      await repo.addNote(r.order.id, staffId, body);
      return ok(null);
    },
  };
}
export type AdminOrderService = ReturnType<typeof createAdminOrderService>;
