import type { REPORT_EVENT_KINDS } from '@lantern/domain';
import { z } from 'zod';
import type { ORDER_STATUSES } from '../orders/orders.ts';
import { singleLineText } from '../text.ts';

/**
 * Reports (issue 20; docs/decisions/029-reports.md): revenue by product and month, orders by
 * product, status and month, and listing submissions by day and MLS. Months are calendar months
 * in BUSINESS_TIME_ZONE, written `YYYY-MM`; days are its calendar days, written `YYYY-MM-DD`.
 */

/** The longest range one report covers: five years of months. */
export const REPORT_MONTHS_MAX = 60;
/** The range a report covers when none is asked for: this month and the eleven before it. */
export const REPORT_MONTHS_DEFAULT = 12;
/** The longest range of days one report covers: a year, a leap day included. */
export const REPORT_DAYS_MAX = 366;
/** The days a report covers when none are asked for: today and the 29 before it. */
export const REPORT_DAYS_DEFAULT = 30;

/**
 * Revenue rows are by product; trip charges (decision 046) are a row of their own under this
 * slug and name rather than the product of the order whose trip failed.
 */
export const TRIP_CHARGE_REPORT_ROW = { slug: 'trip-charges', name: 'Trip charges' } as const;

export const REPORT_TEXTS = {
  badMonth: 'Give a month as YYYY-MM, like 2026-03.',
  fromAfterTo: 'The first month must not be after the last.',
  tooLong: `Choose at most ${REPORT_MONTHS_MAX} months.`,
  noRevenue: 'No invoices, payments or refunds in these months.',
  noOrders: 'No orders were placed in these months.',
  badDay: 'Give a day as YYYY-MM-DD, like 2026-03-31.',
  dayFromAfterTo: 'The first day must not be after the last.',
  tooManyDays: `Choose at most ${REPORT_DAYS_MAX} days.`,
  noSubmissions: 'No listings were submitted, approved, sent back or refused on these days.',
  /** The row of events whose listing had no MLS confirmed for its county at the time. */
  noBoard: 'No MLS confirmed yet',
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

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `d` is a real calendar day (no 30 February) written YYYY-MM-DD, from 2000 to 2999. */
export function isCalendarDay(d: string): boolean {
  if (!DAY_SHAPE.test(d)) return false;
  const at = Date.parse(`${d}T00:00:00Z`);
  return (
    d >= '2000-01-01' &&
    d <= '2999-12-31' &&
    !Number.isNaN(at) &&
    new Date(at).toISOString().slice(0, 10) === d
  );
}

/** A real calendar day (no 30 February), from 2000 to 2999; one message for any wrong day. */
export const ZDaySchema = singleLineText()
  .regex(DAY_SHAPE, { error: REPORT_TEXTS.badDay })
  // A wrong shape has its message already.
  .refine((d) => !DAY_SHAPE.test(d) || isCalendarDay(d), { error: REPORT_TEXTS.badDay });
export type TDay = string;

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`: both optional (to: today in BUSINESS_TIME_ZONE; from: 29 days
 * before `to`). At most REPORT_DAYS_MAX days.
 */
export const ZReportDayRangeQuerySchema = z.object({
  from: ZDaySchema.optional(),
  to: ZDaySchema.optional(),
});
export type TReportDayRangeQuery = z.input<typeof ZReportDayRangeQuerySchema>;

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

/** One count per reported listing event kind (REPORT_EVENT_KINDS). */
export const ZListingEventCountsSchema = z.object({
  /** Every owner signed and the listing went to staff for review. */
  submitted: count,
  /** Staff approved it and put it live. */
  approved: count,
  /** Staff sent it back to the owners to change. */
  returned: count,
  /** Staff found it cannot be listed (the invoice refunded). */
  rejected: count,
} satisfies Record<(typeof REPORT_EVENT_KINDS)[number], z.ZodType>);
export type TListingEventCounts = z.infer<typeof ZListingEventCountsSchema>;

/** The report's words for each kind, in its chart, table and CSV. */
export const REPORT_EVENT_LABELS: Record<(typeof REPORT_EVENT_KINDS)[number], string> = {
  submitted: 'Submitted',
  approved: 'Approved',
  returned: 'Sent back',
  rejected: 'Cannot be listed',
};

/**
 * An MLS the report counts for. `slug: null` is the one entry for events whose listing had no
 * MLS confirmed for its county at the time (named REPORT_TEXTS.noBoard): no board slug can be
 * null, so it never stands for a real board.
 */
const ZReportBoardSchema = z.object({
  slug: z.string().nullable(),
  name: z.string(),
  shortName: z.string(),
});
export type TReportBoard = z.infer<typeof ZReportBoardSchema>;

export const ZSubmissionsReportSchema = z.object({
  /** `YYYY-MM-DD`, both included. */
  from: z.string(),
  to: z.string(),
  /** The IANA zone whose calendar days these are (BUSINESS_TIME_ZONE). */
  timeZone: z.string(),
  /** Every day of the range, oldest first. */
  days: z.array(z.string()),
  /** MLSs with any event in the range, by name; the no-MLS entry (slug null) last, if any. */
  boards: z.array(ZReportBoardSchema),
  /** Every day × every listed board, zeros included; days oldest first, then boards in order. */
  cells: z.array(
    z.object({ day: z.string(), board: z.string().nullable(), counts: ZListingEventCountsSchema }),
  ),
  /** Every day's counts for all boards together, zeros included. */
  totals: z.array(z.object({ day: z.string(), counts: ZListingEventCountsSchema })),
});
export type TSubmissionsReport = z.infer<typeof ZSubmissionsReportSchema>;
