import {
  MESSAGES,
  ORDER_STATUSES,
  REPORT_TEXTS,
  type TListingEventCounts,
  type TOrderStatusCounts,
  type TOrdersReport,
  type TReportDayRangeQuery,
  type TReportRangeQuery,
  type TRevenueFigures,
  type TRevenueReport,
  type TSubmissionsReport,
} from '@lantern/contracts';
import { addDays, eachDay, REPORT_EVENT_KINDS } from '@lantern/domain';
import { type Outcome, ok, refuse } from '../outcome.ts';
import type {
  DaySpan,
  MonthSpan,
  ProductMonthRow,
  ReportFiguresRepository,
} from '../report-figures.repository.ts';
import { reportDayRange } from './days.ts';
import { addMonths, monthsBetween, reportRange } from './months.ts';

const ZERO: TRevenueFigures = {
  invoices: 0,
  invoicedCents: 0,
  taxCents: 0,
  depositCents: 0,
  paymentsCents: 0,
  refundsCents: 0,
  collectedCents: 0,
};

/** The products seen in any of the rows, by name (then slug, for two of one name). */
function productsOf(...lists: ReadonlyArray<readonly ProductMonthRow[]>) {
  const names = new Map<string, string>();
  for (const list of lists) for (const r of list) names.set(r.slug, r.name);
  return [...names]
    .map(([slug, name]) => ({ slug, name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.slug.localeCompare(b.slug));
}

const key = (month: string, slug: string) => `${month} ${slug}`;

type Products = ReturnType<typeof productsOf>;
type RevenueRows = Awaited<ReturnType<ReportFiguresRepository['invoiced']>>;
type MoneyRows = Awaited<ReturnType<ReportFiguresRepository['received']>>;

/** Every month × every product: invoiced and collected money, and each month's totals. */
function revenueGrid(
  months: string[],
  products: Products,
  invoiced: RevenueRows,
  received: MoneyRows,
  refunded: MoneyRows,
) {
  const cells = new Map<string, TRevenueFigures>();
  const cell = (month: string, slug: string) => {
    const k = key(month, slug);
    let c = cells.get(k);
    if (!c) {
      c = { ...ZERO };
      cells.set(k, c);
    }
    return c;
  };
  for (const r of invoiced) {
    const c = cell(r.month, r.slug);
    c.invoices += r.invoices;
    c.invoicedCents += r.invoicedCents;
    c.taxCents += r.taxCents;
    c.depositCents += r.depositCents;
  }
  for (const r of received) cell(r.month, r.slug).paymentsCents += r.cents;
  for (const r of refunded) cell(r.month, r.slug).refundsCents += r.cents;

  const grid: TRevenueReport['cells'] = [];
  const totals: TRevenueReport['totals'] = [];
  for (const month of months) {
    const total = { ...ZERO };
    for (const p of products) {
      const c = cells.get(key(month, p.slug)) ?? ZERO;
      const figures = { ...c, collectedCents: c.paymentsCents - c.refundsCents };
      grid.push({ month, product: p.slug, ...figures });
      for (const k of Object.keys(total) as Array<keyof TRevenueFigures>) total[k] += figures[k];
    }
    totals.push({ month, ...total });
  }
  return { grid, totals };
}

/** Every month × every product: orders counted by the status each has now. */
function orderCells(
  months: string[],
  products: Products,
  rows: Awaited<ReturnType<ReportFiguresRepository['orderCounts']>>,
) {
  const counts = new Map<string, TOrderStatusCounts>();
  for (const r of rows) {
    const k = key(r.month, r.slug);
    const c = counts.get(k) ?? zeroCounts();
    c[r.status] += r.orders;
    counts.set(k, c);
  }
  const cells: TOrdersReport['cells'] = [];
  for (const month of months)
    for (const p of products) {
      const c = counts.get(key(month, p.slug)) ?? zeroCounts();
      cells.push({
        month,
        product: p.slug,
        counts: c,
        total: ORDER_STATUSES.reduce((n, st) => n + c[st], 0),
      });
    }
  return cells;
}

/** Every day × every board seen (zeros included), with each day's totals. */
function submissionsTable(
  days: string[],
  rows: Awaited<ReturnType<ReportFiguresRepository['listingEventCounts']>>,
) {
  const named = new Map<string, { slug: string; name: string; shortName: string }>();
  let noBoard = false;
  const counts = new Map<string, TListingEventCounts>();
  for (const r of rows) {
    if (r.slug === null) noBoard = true;
    else
      named.set(r.slug, {
        slug: r.slug,
        name: r.name ?? r.slug,
        shortName: r.shortName ?? r.slug,
      });
    const k = boardKey(r.day, r.slug);
    const c = counts.get(k) ?? zeroEvents();
    c[r.kind] += r.events;
    counts.set(k, c);
  }
  const boards: TSubmissionsReport['boards'] = [
    ...[...named.values()].sort(
      (a, b) => a.name.localeCompare(b.name, 'en') || a.slug.localeCompare(b.slug),
    ),
    ...(noBoard
      ? [{ slug: null, name: REPORT_TEXTS.noBoard, shortName: REPORT_TEXTS.noBoard }]
      : []),
  ];

  const cells: TSubmissionsReport['cells'] = [];
  const totals: TSubmissionsReport['totals'] = [];
  for (const day of days) {
    const total = zeroEvents();
    for (const b of boards) {
      const c = counts.get(boardKey(day, b.slug)) ?? zeroEvents();
      cells.push({ day, board: b.slug, counts: c });
      for (const kind of REPORT_EVENT_KINDS) total[kind] += c[kind];
    }
    totals.push({ day, counts: total });
  }
  return { boards, cells, totals };
}

/**
 * Admin → Reports (issue 20; docs/decisions/029-reports.md). The repository sums by month and
 * product; this fills in the months and products that had nothing, so a quiet month reads as zero
 * rather than going missing, and nets refunds against payments.
 */
export function createReportService(deps: {
  figures: ReportFiguresRepository;
  zone: string;
  now?: () => Date;
}) {
  const { figures, zone } = deps;
  const now = deps.now ?? (() => new Date());

  function span(query: TReportRangeQuery): Outcome<{ from: string; to: string; s: MonthSpan }> {
    const range = reportRange(query, zone, now());
    if (!range.ok) return refuse(422, MESSAGES.validationFailed, range.errors);
    return ok({
      from: range.from,
      to: range.to,
      s: { fromDay: `${range.from}-01`, untilDay: `${addMonths(range.to, 1)}-01`, zone },
    });
  }

  return {
    /** Invoiced and collected money by product and month (every month × every product seen). */
    async revenue(query: TReportRangeQuery): Promise<Outcome<TRevenueReport>> {
      const range = span(query);
      if (!range.ok) return range;
      const { from, to, s } = range.value;
      const [invoiced, received, refunded] = await Promise.all([
        figures.invoiced(s),
        figures.received(s),
        figures.refunded(s),
      ]);
      const months = monthsBetween(from, to);
      const products = productsOf(invoiced, received, refunded);
      const { grid, totals } = revenueGrid(months, products, invoiced, received, refunded);
      return ok({ from, to, timeZone: zone, months, products, cells: grid, totals });
    },

    /** Orders placed by product and month, counted by the status each has now. */
    async orders(query: TReportRangeQuery): Promise<Outcome<TOrdersReport>> {
      const range = span(query);
      if (!range.ok) return range;
      const { from, to, s } = range.value;
      const rows = await figures.orderCounts(s);
      const months = monthsBetween(from, to);
      const products = productsOf(rows);
      const cells = orderCells(months, products, rows);
      return ok({ from, to, timeZone: zone, months, products, cells });
    },

    /**
     * Listings submitted, approved, sent back and refused on each day, by the MLS each concerned
     * (every day × every board seen, zeros included; events with no MLS confirmed in one bucket).
     */
    async submissions(query: TReportDayRangeQuery): Promise<Outcome<TSubmissionsReport>> {
      const range = reportDayRange(query, zone, now());
      if (!range.ok) return refuse(422, MESSAGES.validationFailed, range.errors);
      const { from, to } = range;
      const s: DaySpan = { fromDay: from, untilDay: addDays(to, 1), zone };
      const rows = await figures.listingEventCounts(s);
      const days = eachDay(from, to);

      const { boards, cells, totals } = submissionsTable(days, rows);
      return ok({ from, to, timeZone: zone, days, boards, cells, totals });
    },
  };
}

/** A day and board; a slug has no spaces, and no slug is empty, so `''` is the no-MLS bucket. */
const boardKey = (day: string, slug: string | null) => `${day} ${slug ?? ''}`;

function zeroEvents(): TListingEventCounts {
  return { submitted: 0, approved: 0, returned: 0, rejected: 0 };
}

function zeroCounts(): TOrderStatusCounts {
  return {
    pending_payment: 0,
    quote_requested: 0,
    confirmed: 0,
    completed: 0,
    cancelled: 0,
  };
}

export type ReportService = ReturnType<typeof createReportService>;
