import {
  ORDER_STATUSES,
  type TListingEventCounts,
  type TOrderStatus,
  type TOrdersReport,
  type TRevenueFigures,
  type TRevenueReport,
  type TSubmissionsReport,
} from '@lantern/contracts';
import { REPORT_EVENT_KINDS } from '@lantern/domain';

/**
 * Okabe and Ito's palette, which stays distinguishable with the common colour-vision deficiencies
 * (yellow left out: too pale on white). Grey is for "everything else".
 */
export const CHART_COLOURS = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#000000',
] as const;
export const OTHER_COLOUR = '#999999';

const MONTH = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const LONG_MONTH = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

const firstDay = (month: string) => new Date(`${month}-01T00:00:00Z`);
/** `2025-03` → `Mar 2025` (the calendar month itself: no time zone can move it). */
export const monthLabel = (month: string) => MONTH.format(firstDay(month));
/** `2025-03` → `March 2025`. */
export const longMonthLabel = (month: string) => LONG_MONTH.format(firstDay(month));

/** The revenue figure a chart and the product table show. */
export type RevenueMeasure = 'collected' | 'invoiced';
export const REVENUE_MEASURES: Record<
  RevenueMeasure,
  { label: string; key: keyof TRevenueFigures; explain: string }
> = {
  collected: {
    label: 'Collected',
    key: 'collectedCents',
    explain: 'money received in the month less refunds made in it',
  },
  invoiced: {
    label: 'Invoiced',
    key: 'invoicedCents',
    explain: 'totals of the invoices issued in the month, void ones left out',
  },
};

export interface PivotRow {
  key: string;
  label: string;
  values: number[];
  total: number;
}

const sum = (values: readonly number[]) => values.reduce((n, v) => n + v, 0);

/** One row per product, one value per month of the report, and the row's total. */
export function revenueByProduct(report: TRevenueReport, measure: RevenueMeasure): PivotRow[] {
  const key = REVENUE_MEASURES[measure].key;
  return report.products.map((p) => {
    const values = report.months.map(
      (m) => report.cells.find((c) => c.month === m && c.product === p.slug)?.[key] ?? 0,
    );
    return { key: p.slug, label: p.name, values, total: sum(values) };
  });
}

/** Each month's figure for every product together. */
export function revenueMonthTotals(report: TRevenueReport, measure: RevenueMeasure): number[] {
  const key = REVENUE_MEASURES[measure].key;
  return report.months.map((m) => report.totals.find((t) => t.month === m)?.[key] ?? 0);
}

/** The whole range's figures, added up month by month. */
export function revenueGrandTotal(report: TRevenueReport): TRevenueFigures {
  const total: TRevenueFigures = {
    invoices: 0,
    invoicedCents: 0,
    taxCents: 0,
    depositCents: 0,
    paymentsCents: 0,
    refundsCents: 0,
    collectedCents: 0,
  };
  for (const t of report.totals)
    for (const k of Object.keys(total) as Array<keyof TRevenueFigures>) total[k] += t[k];
  return total;
}

/**
 * At most `keep` series by size (sum of absolute values), the rest added into one "Other
 * products" series, so a chart never needs more colours than can be told apart. The table
 * keeps every product.
 */
export function topSeries(
  rows: readonly PivotRow[],
  keep: number,
): { rows: PivotRow[]; other: number[] | null } {
  const size = (r: PivotRow) => sum(r.values.map(Math.abs));
  const ranked = rows.filter((r) => size(r) > 0).sort((a, b) => size(b) - size(a));
  if (ranked.length <= keep) return { rows: ranked, other: null };
  const rest = ranked.slice(keep);
  const other = (rest[0]?.values ?? []).map((_, i) => sum(rest.map((r) => r.values[i] ?? 0)));
  return { rows: ranked.slice(0, keep), other };
}

export interface OrdersMonthRow {
  month: string;
  counts: Record<TOrderStatus, number>;
  total: number;
}

/** Orders per month by status, for one product or (`''`) all of them; every month listed. */
export function ordersByMonth(report: TOrdersReport, product: string): OrdersMonthRow[] {
  return report.months.map((month) => {
    const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
      TOrderStatus,
      number
    >;
    for (const c of report.cells)
      if (c.month === month && (!product || c.product === product))
        for (const s of ORDER_STATUSES) counts[s] += c.counts[s];
    return { month, counts, total: sum(ORDER_STATUSES.map((s) => counts[s])) };
  });
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_YEAR = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const LONG_DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
/**
 * The chart's day labels: `Mar 5`, with the year (`Mar 5, 2025`) when the days span two years.
 * The calendar day itself: no time zone can move it.
 */
export function dayLabels(days: readonly string[]): string[] {
  const years = new Set(days.map((d) => d.slice(0, 4)));
  const format = years.size > 1 ? DAY_YEAR : DAY;
  return days.map((d) => format.format(midnight(d)));
}
/** `2025-03-05` → `Wed, March 5, 2025`. */
export const longDayLabel = (day: string) => LONG_DAY.format(midnight(day));

/** Submitted + approved + sent back + refused. */
export const eventTotal = (counts: TListingEventCounts) =>
  sum(REPORT_EVENT_KINDS.map((k) => counts[k]));

export interface SubmissionRow {
  day: string;
  /** The board's slug; null for "no MLS confirmed yet". */
  board: string | null;
  boardName: string;
  counts: TListingEventCounts;
  total: number;
}

/**
 * The report's day × board figures that are not all zero, days oldest first, boards in the
 * report's order (the CSV has every day and board; a page of zeros would hide what happened).
 */
export function submissionRows(report: TSubmissionsReport): SubmissionRow[] {
  const names = new Map(report.boards.map((b) => [b.slug, b.name]));
  return report.cells
    .map((c) => ({
      day: c.day,
      board: c.board,
      boardName: names.get(c.board) ?? '',
      counts: c.counts,
      total: eventTotal(c.counts),
    }))
    .filter((r) => r.total > 0);
}

/** Each board's counts over the whole range, in the report's board order. */
export function submissionBoardTotals(report: TSubmissionsReport): SubmissionRow[] {
  return report.boards.map((b) => {
    const counts: TListingEventCounts = { submitted: 0, approved: 0, returned: 0, rejected: 0 };
    for (const c of report.cells)
      if (c.board === b.slug) for (const k of REPORT_EVENT_KINDS) counts[k] += c.counts[k];
    return { day: '', board: b.slug, boardName: b.name, counts, total: eventTotal(counts) };
  });
}

/** All boards over the whole range. */
export function submissionGrandTotal(report: TSubmissionsReport): TListingEventCounts {
  const counts: TListingEventCounts = { submitted: 0, approved: 0, returned: 0, rejected: 0 };
  for (const t of report.totals) for (const k of REPORT_EVENT_KINDS) counts[k] += t.counts[k];
  return counts;
}
