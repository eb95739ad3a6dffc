import {
  MESSAGES,
  ORDER_STATUSES,
  type TOrderStatusCounts,
  type TOrdersReport,
  type TReportRangeQuery,
  type TRevenueFigures,
  type TRevenueReport,
} from '@lantern/contracts';
import type {
  MonthSpan,
  ProductMonthRow,
  ReportFiguresRepository,
} from '../../repositories/report-figures.ts';
import { type Outcome, ok, refuse } from '../staff/outcome.ts';
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
          for (const k of Object.keys(total) as Array<keyof TRevenueFigures>)
            total[k] += figures[k];
        }
        totals.push({ month, ...total });
      }
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
      return ok({ from, to, timeZone: zone, months, products, cells });
    },
  };
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
