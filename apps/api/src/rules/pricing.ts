// What an order costs (docs/decisions/010-orders-and-invoices.md). Integer cents only; every
// rounding is half up, done once, on a whole-cent product of integers.

export interface CouponTerms {
  percentOff: number | null;
  amountOffCents: number | null;
}

export interface Price {
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
}

/** a * b / d rounded half up, for non-negative integers. */
const mulDivRound = (a: number, b: number, d: number) => Math.floor((a * b * 2 + d) / (d * 2));

/** The coupon's discount on a price: a percentage (half up) or a fixed amount, never below zero. */
export function discountFor(priceCents: number, coupon: CouponTerms | null): number {
  if (!coupon) return 0;
  if (coupon.percentOff !== null)
    return Math.min(priceCents, mulDivRound(priceCents, coupon.percentOff, 100));
  if (coupon.amountOffCents !== null) return Math.min(priceCents, coupon.amountOffCents);
  return 0;
}

/**
 * Tax is charged on the discounted price at the property's state rate (basis points). A
 * refundable deposit is billed on its own line: neither discounted nor taxed.
 */
export function priceOrder(
  priceCents: number,
  coupon: CouponTerms | null,
  taxRateBasisPoints: number,
  depositCents = 0,
): Price {
  const discountCents = discountFor(priceCents, coupon);
  const taxable = priceCents - discountCents;
  const taxCents = mulDivRound(taxable, taxRateBasisPoints, 10_000);
  return {
    subtotalCents: priceCents + depositCents,
    discountCents,
    taxCents,
    totalCents: taxable + taxCents + depositCents,
  };
}

/** The due date, YYYY-MM-DD in UTC, `days` after `from`. */
export function dueDate(from: Date, days: number): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

/** One line of an invoice, as its sums see it. */
export interface PricedLine {
  amountCents: number;
  /** False for a refundable deposit: neither discounted nor taxed. */
  taxable: boolean;
}

/**
 * An invoice's sums from its lines, when lines are added to or taken off an unpaid invoice (an
 * MLS listing's upgrades, docs/decisions/031-mls-listing-builder.md). The discount already given
 * is kept (a coupon is redeemed by the order it was typed for, not by later lines), never more
 * than the taxed lines; tax on the rest at the invoice's rate, rounded once, half up — so a
 * one-order invoice comes out exactly as priceOrder priced it.
 */
export function priceInvoice(
  lines: readonly PricedLine[],
  discountCents: number,
  taxRateBasisPoints: number,
): Price {
  const taxed = lines.filter((l) => l.taxable).reduce((sum, l) => sum + l.amountCents, 0);
  const untaxed = lines.filter((l) => !l.taxable).reduce((sum, l) => sum + l.amountCents, 0);
  const discount = Math.min(discountCents, taxed);
  const taxCents = mulDivRound(taxed - discount, taxRateBasisPoints, 10_000);
  return {
    subtotalCents: taxed + untaxed,
    discountCents: discount,
    taxCents,
    totalCents: taxed - discount + taxCents + untaxed,
  };
}
