import { streetAddressUnit, type TInvoiceKind, type TInvoiceStatus } from '@lantern/contracts';
import { invoiceNumber } from '@lantern/domain';
import type { InvoiceDetailRow } from '../../features/payments/invoices.repository.ts';

/** What the invoice list shows of an invoice; the detail adds its address, lines and totals. */
export function invoiceSummary(r: {
  hash: string;
  number: number;
  property: string;
  street: string;
  unit: string | null;
  description: string;
  kind: TInvoiceKind;
  status: TInvoiceStatus;
  totalCents: number;
  dueDate: string;
  issuedAt: Date;
}) {
  return {
    hash: r.hash,
    number: invoiceNumber(r.number),
    property: r.property,
    streetAddress: streetAddressUnit(r.street, r.unit),
    description: r.description,
    kind: r.kind,
    status: r.status,
    totalCents: r.totalCents,
    dueDate: r.dueDate,
    issuedAt: r.issuedAt.toISOString(),
  };
}

/**
 * One invoice as a document, the same for its customer and for staff: address, lines, totals and
 * what was paid. Each adds its own view of the payments and refunds.
 */
export function invoiceDocument(r: InvoiceDetailRow) {
  return {
    ...invoiceSummary(r),
    address: { street: r.street, unit: r.unit, city: r.city, state: r.state, zipCode: r.zip },
    billedTo: r.billedTo,
    lines: r.lines,
    subtotalCents: r.subtotalCents,
    couponCode: r.couponCode,
    discountCents: r.discountCents,
    taxRateBasisPoints: r.taxRateBasisPoints,
    taxCents: r.taxCents,
    paidAt: r.paidAt?.toISOString() ?? null,
    paidCents: r.paidCents,
    refundedCents: r.refundedCents,
    // Only an open invoice is owed anything; a refund never reopens one.
    balanceCents: r.status === 'open' ? Math.max(0, r.totalCents - r.paidCents) : 0,
  };
}
