import {
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  REPORT_TEXTS,
  type TOrdersReport,
  type TRevenueReport,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain/api-client';
import { Alert, Select } from '@lantern/ui';
import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ordersExportHref,
  revenueExportHref,
  useOrdersReport,
  useRevenueReport,
  useSubmissionsReport,
} from '../../../features/reports/api/reports.ts';
import type { ChartSeries } from '../../../features/reports/components/report-chart.tsx';
import {
  CHART_COLOURS,
  longMonthLabel,
  monthLabel,
  OTHER_COLOUR,
  ordersByMonth,
  REVENUE_MEASURES,
  type RevenueMeasure,
  revenueByProduct,
  revenueGrandTotal,
  revenueMonthTotals,
  topSeries,
} from '../../../features/reports/components/report-data.ts';
import { grants, useStaffAccess } from '../../../features/staff/api/access.ts';
import '../../../features/reports/components/reports.css';
import { ChartFigure, count, money, RangeForm, Scroll } from './report-parts.tsx';
import { SubmissionsSection } from './report-submissions.tsx';
import { Requires } from './requires.tsx';

/**
 * Admin → Reports (issue 20; docs/decisions/029-reports.md): revenue by product and month,
 * orders by product, status and month, and listing submissions by day and MLS, each as a chart,
 * its table and a CSV. The months, the measure, the product and the submissions' days are in
 * the URL, so a report can be bookmarked or sent on.
 */
export function ReportsPage() {
  return (
    <Requires permission="orders.view">
      <Reports />
    </Requires>
  );
}

function Reports() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const range = { from, to };
  const revenue = useRevenueReport(range);
  const orders = useOrdersReport(range);
  const dayFrom = params.get('dayFrom') ?? undefined;
  const dayTo = params.get('dayTo') ?? undefined;
  const submissions = useSubmissionsReport({ from: dayFrom, to: dayTo });
  const access = useStaffAccess();
  const canExport = grants(access.data?.permissions, 'data.export');

  const set = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  // The radio shows a choice at once; the URL follows (a router navigation may commit later, and
  // a controlled radio would flip back until it did). A URL changed elsewhere still wins.
  const urlMeasure: RevenueMeasure =
    params.get('measure') === 'invoiced' ? 'invoiced' : 'collected';
  const [measure, setMeasure] = useState(urlMeasure);
  const [seenMeasure, setSeenMeasure] = useState(urlMeasure);
  if (seenMeasure !== urlMeasure) {
    setSeenMeasure(urlMeasure);
    setMeasure(urlMeasure);
  }

  const shown = revenue.data ?? orders.data;
  const error = revenue.error ?? orders.error;
  return (
    <section className="ds-page rpt" aria-labelledby="reports-title">
      <h1 id="reports-title">Reports</h1>
      <p>
        Calendar months{shown ? ` in the ${shown.timeZone} time zone` : ''}. Amounts are what
        customers were billed and paid: sales tax and refundable deposits included.
      </p>
      <RangeForm
        unit="month"
        from={from ?? shown?.from ?? ''}
        to={to ?? shown?.to ?? ''}
        error={error instanceof ApiError ? error : null}
        onShow={(f, t) => set({ from: f, to: t })}
        onReset={() => set({ from: null, to: null })}
      />
      {error && !(error instanceof ApiError && error.status === 422) ? (
        <Alert tone="danger">{error.message}</Alert>
      ) : null}
      <RevenueSection
        report={revenue.data}
        loading={revenue.isPending}
        measure={measure}
        onMeasure={(m) => {
          setMeasure(m);
          set({ measure: m === 'collected' ? null : m });
        }}
        canExport={canExport}
      />
      <OrdersSection
        report={orders.data}
        loading={orders.isPending}
        product={params.get('product') ?? ''}
        onProduct={(p) => set({ product: p || null })}
        canExport={canExport}
      />
      <SubmissionsSection
        report={submissions.data}
        loading={submissions.isPending}
        error={submissions.error}
        from={dayFrom}
        to={dayTo}
        onShow={(f, t) => set({ dayFrom: f, dayTo: t })}
        onReset={() => set({ dayFrom: null, dayTo: null })}
        canExport={canExport}
      />
    </section>
  );
}

function RevenueSection(props: {
  report: TRevenueReport | undefined;
  loading: boolean;
  measure: RevenueMeasure;
  onMeasure: (m: RevenueMeasure) => void;
  canExport: boolean;
}) {
  const { report, measure } = props;
  const id = useId();
  const byProductId = `${id}-by-product`;
  const byMonthId = `${id}-by-month`;
  const m = REVENUE_MEASURES[measure];
  const rows = useMemo(() => (report ? revenueByProduct(report, measure) : []), [report, measure]);
  const series = useMemo(() => {
    const top = topSeries(rows, CHART_COLOURS.length);
    const s: ChartSeries[] = top.rows.map((r, i) => ({
      label: r.label,
      values: r.values,
      colour: CHART_COLOURS[i] ?? OTHER_COLOUR,
    }));
    if (top.other) s.push({ label: 'Other products', values: top.other, colour: OTHER_COLOUR });
    return s;
  }, [rows]);
  const labels = useMemo(() => report?.months.map(monthLabel) ?? [], [report]);
  return (
    <section className="rpt-section" aria-labelledby={`${id}-title`}>
      <div className="rpt-heading">
        <h2 id={`${id}-title`}>Revenue by product and month</h2>
        {props.canExport && report ? (
          <a
            className="ln-btn ln-btn--secondary"
            href={revenueExportHref(report.from, report.to)}
            download
          >
            Download CSV <span className="ln-visually-hidden">of revenue by product and month</span>
          </a>
        ) : null}
      </div>
      <fieldset className="rpt-measure">
        <legend>Show</legend>
        {(Object.keys(REVENUE_MEASURES) as RevenueMeasure[]).map((k) => (
          <label key={k}>
            <input
              type="radio"
              name={`${id}-measure`}
              value={k}
              checked={measure === k}
              onChange={() => props.onMeasure(k)}
            />{' '}
            {REVENUE_MEASURES[k].label}: {REVENUE_MEASURES[k].explain}
          </label>
        ))}
      </fieldset>
      {props.loading ? (
        <p role="status">Loading revenue…</p>
      ) : report ? (
        <>
          {rows.length ? (
            <>
              <ChartFigure
                labels={labels}
                series={series}
                unit="cents"
                summary={`Stacked bar chart: ${m.label.toLowerCase()} by month from ${longMonthLabel(report.from)} to ${longMonthLabel(report.to)}, one colour per product.`}
                tableId={byProductId}
              />
              <Scroll label={`${m.label} by product and month`}>
                <table className="rpt-table" id={byProductId}>
                  <caption>{m.label} by product and month (US dollars)</caption>
                  <thead>
                    <tr>
                      <th scope="col">Product</th>
                      {report.months.map((month) => (
                        <th key={month} scope="col" className="rpt-num">
                          <abbr title={longMonthLabel(month)}>{monthLabel(month)}</abbr>
                        </th>
                      ))}
                      <th scope="col" className="rpt-num">
                        Total
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.key}>
                        <th scope="row">{r.label}</th>
                        {r.values.map((v, i) => (
                          <td key={report.months[i]} className="rpt-num">
                            {money(v)}
                          </td>
                        ))}
                        <td className="rpt-num">{money(r.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">All products</th>
                      {revenueMonthTotals(report, measure).map((v, i) => (
                        <td key={report.months[i]} className="rpt-num">
                          {money(v)}
                        </td>
                      ))}
                      <td className="rpt-num">{money(revenueGrandTotal(report)[m.key])}</td>
                    </tr>
                  </tfoot>
                </table>
              </Scroll>
            </>
          ) : (
            <p className="rpt-empty">{REPORT_TEXTS.noRevenue}</p>
          )}
          <MonthTotals report={report} id={byMonthId} />
        </>
      ) : null}
    </section>
  );
}

/** Every month, quiet ones as zeros, with every figure the report has. */
function MonthTotals({ report, id }: { report: TRevenueReport; id: string }) {
  const total = revenueGrandTotal(report);
  const figures = (f: typeof total) => [
    count(f.invoices),
    money(f.invoicedCents),
    money(f.taxCents),
    money(f.depositCents),
    money(f.paymentsCents),
    money(f.refundsCents),
    money(f.collectedCents),
  ];
  const headers = [
    'Invoices',
    'Invoiced',
    'Sales tax invoiced',
    'Deposits invoiced',
    'Payments received',
    'Refunds',
    'Collected',
  ];
  return (
    <Scroll label="Revenue by month">
      <table className="rpt-table" id={id}>
        <caption>Revenue by month, all products (US dollars)</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {headers.map((h) => (
              <th key={h} scope="col" className="rpt-num">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.totals.map((t) => (
            <tr key={t.month}>
              <th scope="row">{longMonthLabel(t.month)}</th>
              {figures(t).map((v, i) => (
                <td key={headers[i]} className="rpt-num">
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {figures(total).map((v, i) => (
              <td key={headers[i]} className="rpt-num">
                {v}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </Scroll>
  );
}

function OrdersSection(props: {
  report: TOrdersReport | undefined;
  loading: boolean;
  product: string;
  onProduct: (slug: string) => void;
  canExport: boolean;
}) {
  const { report } = props;
  const id = useId();
  const tableId = `${id}-table`;
  const known = report?.products.some((p) => p.slug === props.product) ?? false;
  const product = known ? props.product : '';
  const rows = useMemo(() => (report ? ordersByMonth(report, product) : []), [report, product]);
  const series = useMemo<ChartSeries[]>(
    () =>
      ORDER_STATUSES.map((s, i) => ({
        label: ORDER_STATUS_LABELS[s],
        values: rows.map((r) => r.counts[s]),
        colour: CHART_COLOURS[i] ?? OTHER_COLOUR,
      })),
    [rows],
  );
  const labels = useMemo(() => report?.months.map(monthLabel) ?? [], [report]);
  const productName = report?.products.find((p) => p.slug === product)?.name;
  const totals = ORDER_STATUSES.map((s) => rows.reduce((n, r) => n + r.counts[s], 0));
  return (
    <section className="rpt-section" aria-labelledby={`${id}-title`}>
      <div className="rpt-heading">
        <h2 id={`${id}-title`}>Orders by product and status</h2>
        {props.canExport && report ? (
          <a
            className="ln-btn ln-btn--secondary"
            href={ordersExportHref(report.from, report.to)}
            download
          >
            Download CSV <span className="ln-visually-hidden">of orders by product and status</span>
          </a>
        ) : null}
      </div>
      <p className="ds-muted">
        Orders placed in each month, counted by the status each order has today.
      </p>
      {props.loading ? (
        <p role="status">Loading orders…</p>
      ) : report ? (
        report.products.length ? (
          <>
            <Select
              label="Product"
              className="rpt-product"
              value={product}
              options={[
                { value: '', label: 'All products' },
                ...report.products.map((p) => ({ value: p.slug, label: p.name })),
              ]}
              onChange={(e) => props.onProduct(e.target.value)}
            />
            <ChartFigure
              labels={labels}
              series={series}
              unit="count"
              summary={`Stacked bar chart: orders of ${productName ?? 'all products'} placed each month from ${longMonthLabel(report.from)} to ${longMonthLabel(report.to)}, one colour per status.`}
              tableId={tableId}
            />
            <Scroll label="Orders by month and status">
              <table className="rpt-table" id={tableId}>
                <caption>Orders of {productName ?? 'all products'} by month and status</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    {ORDER_STATUSES.map((s) => (
                      <th key={s} scope="col" className="rpt-num">
                        {ORDER_STATUS_LABELS[s]}
                      </th>
                    ))}
                    <th scope="col" className="rpt-num">
                      Orders
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.month}>
                      <th scope="row">{longMonthLabel(r.month)}</th>
                      {ORDER_STATUSES.map((s) => (
                        <td key={s} className="rpt-num">
                          {count(r.counts[s])}
                        </td>
                      ))}
                      <td className="rpt-num">{count(r.total)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    {totals.map((n, i) => (
                      <td key={ORDER_STATUSES[i]} className="rpt-num">
                        {count(n)}
                      </td>
                    ))}
                    <td className="rpt-num">{count(totals.reduce((a, b) => a + b, 0))}</td>
                  </tr>
                </tfoot>
              </table>
            </Scroll>
          </>
        ) : (
          <p className="rpt-empty">{REPORT_TEXTS.noOrders}</p>
        )
      ) : null}
    </section>
  );
}
