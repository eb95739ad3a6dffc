import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  REPORT_EVENT_LABELS,
  type TOrdersReport,
  type TRevenueReport,
  type TSubmissionsReport,
  ZOrdersReportSchema,
  ZReportDayRangeQuerySchema,
  ZReportRangeQuerySchema,
  ZRevenueReportSchema,
  ZSubmissionsReportSchema,
} from '@lantern/contracts';
import { REPORT_EVENT_KINDS } from '@lantern/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CsvColumn, csvStream } from '../../../lib/csv-stream.ts';
import { ERRORS, refused } from '../../_shared/replies.ts';
import type { ZodApp } from '../../_shared/zod-app.ts';

/** Reading a report is reading revenue, which `orders.view` ("See orders and revenue") grants. */
const view = { access: { staff: ['orders.view'] as const } };
const exportAccess = { staff: ['orders.view', 'data.export'] as const };

/** Dollars as a spreadsheet reads them (12.5 = $12.50); the cents are whole, so this is exact. */
const usd = (cents: number) => cents / 100;

type RevenueCell = TRevenueReport['cells'][number] & { productName: string };
type OrdersCell = TOrdersReport['cells'][number] & { productName: string };
type SubmissionsCell = TSubmissionsReport['cells'][number] & { boardName: string };

const REVENUE_COLUMNS: ReadonlyArray<CsvColumn<RevenueCell>> = [
  { header: 'Month', value: (r) => r.month },
  { header: 'Product', value: (r) => r.productName },
  { header: 'Invoices', value: (r) => r.invoices },
  { header: 'Invoiced (USD)', value: (r) => usd(r.invoicedCents) },
  { header: 'Sales tax invoiced (USD)', value: (r) => usd(r.taxCents) },
  { header: 'Deposits invoiced (USD)', value: (r) => usd(r.depositCents) },
  { header: 'Payments received (USD)', value: (r) => usd(r.paymentsCents) },
  { header: 'Refunds (USD)', value: (r) => usd(r.refundsCents) },
  { header: 'Collected (USD)', value: (r) => usd(r.collectedCents) },
];

const ORDERS_COLUMNS: ReadonlyArray<CsvColumn<OrdersCell>> = [
  { header: 'Month', value: (r) => r.month },
  { header: 'Product', value: (r) => r.productName },
  ...ORDER_STATUSES.map((s) => ({
    header: ORDER_STATUS_LABELS[s],
    value: (r: OrdersCell) => r.counts[s],
  })),
  { header: 'Orders', value: (r) => r.total },
];

const SUBMISSIONS_COLUMNS: ReadonlyArray<CsvColumn<SubmissionsCell>> = [
  { header: 'Day', value: (r) => r.day },
  { header: 'MLS', value: (r) => r.boardName },
  ...REPORT_EVENT_KINDS.map((k) => ({
    header: REPORT_EVENT_LABELS[k],
    value: (r: SubmissionsCell) => r.counts[k],
  })),
];

/**
 * One CSV of a whole report, one batch: its grid is at most 60 months × the catalogue, or 366
 * days × the boards with any event.
 */
function sendCsv<R>(
  reply: FastifyReply,
  name: string,
  columns: ReadonlyArray<CsvColumn<R>>,
  rows: R[],
) {
  const stream = csvStream<R>({
    columns,
    fetchPage: async () => ({ rows, nextCursor: null }),
    onError: (err) => reply.log.error({ err }, 'report export failed'),
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'private, no-store')
    .send(stream);
}

function withNames<C extends { product: string }>(
  report: { products: ReadonlyArray<{ slug: string; name: string }> },
  cells: readonly C[],
): Array<C & { productName: string }> {
  const names = new Map(report.products.map((p) => [p.slug, p.name]));
  return cells.map((c) => ({ ...c, productName: names.get(c.product) ?? c.product }));
}

/**
 * Admin → Reports (issue 20; docs/decisions/029-reports.md): revenue by product and month
 * (invoiced, and collected = payments − refunds) and orders by product, status and month, in
 * calendar months of BUSINESS_TIME_ZONE, and listing submissions and decisions by day (of the
 * same zone) and MLS, each also as CSV.
 */
const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  registerRevenue(app);
  registerOrders(app);
  registerSubmissions(app);
};

/** The revenue report and its CSV. */
function registerRevenue(app: ZodApp) {
  app.get(
    '/reports/revenue',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'Invoiced and collected money by product and month, every month of the range',
        querystring: ZReportRangeQuerySchema,
        response: { 200: ZRevenueReportSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.reports.revenue(request.query);
      return outcome.ok ? outcome.value : refused(reply, outcome);
    },
  );

  app.get(
    '/reports/revenue/export.csv',
    {
      config: { access: exportAccess, audit: { action: 'reports.revenue.export', reads: true } },
      schema: {
        tags: ['admin'],
        summary: 'The revenue report as CSV: one row per month and product, zeros included',
        querystring: ZReportRangeQuerySchema,
      },
    },
    async (request, reply) => {
      const outcome = await app.reports.revenue(request.query);
      if (!outcome.ok) return refused(reply, outcome);
      const r = outcome.value;
      return sendCsv(
        reply,
        `revenue-${r.from}-to-${r.to}.csv`,
        REVENUE_COLUMNS,
        withNames(r, r.cells),
      );
    },
  );
}

/** The orders report and its CSV. */
function registerOrders(app: ZodApp) {
  app.get(
    '/reports/orders',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'Orders placed by product and month, counted by their status now',
        querystring: ZReportRangeQuerySchema,
        response: { 200: ZOrdersReportSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.reports.orders(request.query);
      return outcome.ok ? outcome.value : refused(reply, outcome);
    },
  );

  app.get(
    '/reports/orders/export.csv',
    {
      config: { access: exportAccess, audit: { action: 'reports.orders.export', reads: true } },
      schema: {
        tags: ['admin'],
        summary: 'The orders report as CSV: one row per month and product, zeros included',
        querystring: ZReportRangeQuerySchema,
      },
    },
    async (request, reply) => {
      const outcome = await app.reports.orders(request.query);
      if (!outcome.ok) return refused(reply, outcome);
      const r = outcome.value;
      return sendCsv(
        reply,
        `orders-${r.from}-to-${r.to}.csv`,
        ORDERS_COLUMNS,
        withNames(r, r.cells),
      );
    },
  );
}

/** The submissions report and its CSV. */
function registerSubmissions(app: ZodApp) {
  app.get(
    '/reports/submissions',
    {
      config: view,
      schema: {
        tags: ['admin'],
        summary: 'Listings submitted, approved, sent back and refused by day and MLS',
        querystring: ZReportDayRangeQuerySchema,
        response: { 200: ZSubmissionsReportSchema, ...ERRORS },
      },
    },
    async (request, reply) => {
      const outcome = await app.reports.submissions(request.query);
      return outcome.ok ? outcome.value : refused(reply, outcome);
    },
  );

  app.get(
    '/reports/submissions/export.csv',
    {
      config: {
        access: exportAccess,
        audit: { action: 'reports.submissions.export', reads: true },
      },
      schema: {
        tags: ['admin'],
        summary: 'The submissions report as CSV: one row per day and MLS, zeros included',
        querystring: ZReportDayRangeQuerySchema,
      },
    },
    async (request, reply) => {
      const outcome = await app.reports.submissions(request.query);
      if (!outcome.ok) return refused(reply, outcome);
      const r = outcome.value;
      const names = new Map(r.boards.map((b) => [b.slug, b.name]));
      const rows = r.cells.map((c) => ({ ...c, boardName: names.get(c.board) ?? '' }));
      return sendCsv(reply, `submissions-${r.from}-to-${r.to}.csv`, SUBMISSIONS_COLUMNS, rows);
    },
  );
}

export default reportRoutes;
