import { z } from 'zod';
import type { ORDER_STATUSES } from '../orders/orders.ts';
import { singleLineText } from '../text.ts';

/**
 * Reports (issue 20; docs/decisions/029-reports.md): revenue by product and month, and orders by
 * product, status and month. Months are calendar months in BUSINESS_TIME_ZONE, written `YYYY-MM`.
 */

/** The longest range one report covers: five years of months. */
export const REPORT_MONTHS_MAX = 60;
/** The range a report covers when none is asked for: this month and the eleven before it. */
export const REPORT_MONTHS_DEFAULT = 12;

export const REPORT_TEXTS = {
  badMonth: 'Give a month as YYYY-MM, like 2026-03.',
  fromAfterTo: 'The first month must not be after the last.',
  tooLong: `Choose at most ${REPORT_MONTHS_MAX} months.`,
  noRevenue: 'No invoices, payments or refunds in these months.',
  noOrders: 'No orders were placed in these months.',
} as const;

const ZMonthSchema = singleLineText()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: REPORT_TEXTS.badMonth })
  .refine((m) => m >= '2000-01' && m <= '2999-12', { error: REPORT_TEXTS.badMonth });
export type TMonth = string;

/** `?from=YYYY-MM&to=YYYY-MM`: both optional (to: this month; from: eleven months before `to`). */
export const ZReportRangeQuerySchema = z.object({
  from: ZMonthSchema.optional(),
  to: ZMonthSchema.optional(),
});
export type TReportRangeQuery = z.input<typeof ZReportRangeQuerySchema>;

const ZProductRefSchema = z.object({ slug: z.string(), name: z.string() });

/** What one month of one product (or of every product) brought in, in integer cents. */
export const ZRevenueFiguresSchema = z.object({
  /** Invoices issued in the month, void ones left out. */
  invoices: z.number().int(),
  /** Their totals: what customers were billed, sales tax and refundable deposits included. */
  invoicedCents: z.number().int(),
  /** The sales tax within `invoicedCents`. */
  taxCents: z.number().int(),
  /** The refundable deposits within `invoicedCents` (untaxed lines). */
  depositCents: z.number().int(),
  /** Money received in the month, whichever month it was invoiced. */
  paymentsCents: z.number().int(),
  /** Money given back in the month. */
  refundsCents: z.number().int(),
  /** Cash kept: payments − refunds (negative when more went back than came in). */
  collectedCents: z.number().int(),
});
export type TRevenueFigures = z.infer<typeof ZRevenueFiguresSchema>;

export const ZRevenueReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The IANA zone whose calendar months these are (BUSINESS_TIME_ZONE). */
  timeZone: z.string(),
  /** Every month of the range, oldest first. */
  months: z.array(z.string()),
  /** Products with any invoice, payment or refund in the range, by name. */
  products: z.array(ZProductRefSchema),
  /** Every month × every listed product, zeros included; months oldest first, then by name. */
  cells: z.array(ZRevenueFiguresSchema.extend({ month: z.string(), product: z.string() })),
  /** Every month's figures for all products together, zeros included. */
  totals: z.array(ZRevenueFiguresSchema.extend({ month: z.string() })),
});
export type TRevenueReport = z.infer<typeof ZRevenueReportSchema>;

const count = z.number().int();
/** One count per order status (ORDER_STATUSES). */
export const ZOrderStatusCountsSchema = z.object({
  pending_payment: count,
  quote_requested: count,
  confirmed: count,
  completed: count,
  cancelled: count,
} satisfies Record<(typeof ORDER_STATUSES)[number], z.ZodType>);
export type TOrderStatusCounts = z.infer<typeof ZOrderStatusCountsSchema>;

export const ZOrdersReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  months: z.array(z.string()),
  /** Products with any order placed in the range, by name. */
  products: z.array(ZProductRefSchema),
  /** Orders placed in each month × product, counted by the status each order has now. */
  cells: z.array(
    z.object({
      month: z.string(),
      product: z.string(),
      counts: ZOrderStatusCountsSchema,
      total: z.number().int(),
    }),
  ),
});
export type TOrdersReport = z.infer<typeof ZOrdersReportSchema>;
