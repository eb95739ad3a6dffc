import {
  LISTING_ANALYTICS_LABELS,
  LISTING_ANALYTICS_METRICS,
  LISTING_ANALYTICS_TEXTS as T,
  type TListingAnalytics,
  ZListingAnalyticsQuerySchema,
} from '@lantern/contracts';
import { ApiError, addDays } from '@lantern/domain';
import { Alert, Button, Checkbox, fieldError, TextField, useSchemaForm } from '@lantern/ui';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import {
  analyticsExportHref,
  useListingAnalytics,
  useWeeklySummaryMail,
} from '../api/analytics.ts';
import { useAnalyticsRange } from '../hooks/use-analytics-range.ts';
import {
  type ChartSeries,
  LEAD_METRICS,
  longDay,
  seriesOf,
  shortDay,
  VISIT_METRICS,
} from './chart-data.ts';
import './analytics.css';

// The chart library is fetched only when this tab draws a chart.
const AnalyticsChart = lazy(() => import('./analytics-chart.tsx'));

const count = (n: number) => n.toLocaleString('en-US');
const QUICK_RANGES = [7, 30, 90] as const;

/**
 * The Analytics tab (issue 22; docs/decisions/042-listing-analytics.md): the listing's visits
 * and leads by day as two charts and the table that carries every figure, a range of days, the
 * CSV of the same days, and the owner's weekly summary mail switch.
 */
export function AnalyticsPanel({ property }: { property: string }) {
  const [range, setRange] = useAnalyticsRange();
  const report = useListingAnalytics(property, range);
  const id = useId();
  const tableId = `${id}-table`;
  const data = report.data;
  const error = report.error instanceof ApiError ? report.error : null;
  return (
    <section className="la-section" aria-labelledby={`${id}-title`}>
      <div className="la-heading">
        <h2 id={`${id}-title`}>{T.title}</h2>
        {data ? (
          <a
            className="ln-btn ln-btn--secondary"
            href={analyticsExportHref(property, data.from, data.to)}
            download
          >
            {T.download} <span className="ln-visually-hidden">{T.downloadHint}</span>
          </a>
        ) : null}
      </div>
      <p>{T.intro}</p>
      {data ? <p className="ds-muted">{T.days(data.timeZone)}</p> : null}
      <RangeForm
        from={range.from ?? data?.from ?? ''}
        to={range.to ?? data?.to ?? ''}
        today={data?.today}
        error={error}
        onShow={(from, to) => setRange({ from, to })}
      />
      {report.error && !(error && error.status === 422) ? (
        <Alert tone="danger">{report.error.message}</Alert>
      ) : null}
      {report.isPending ? <p role="status">Loading…</p> : null}
      {data ? <Figures data={data} tableId={tableId} /> : null}
      {data ? <SummaryMail property={property} on={data.weeklySummary} /> : null}
    </section>
  );
}

/** A filter, not a request of its own: the two days of the report's query, both needed. */
const ZRangeFormSchema = ZListingAnalyticsQuerySchema.pick({ from: true, to: true }).required();

function RangeForm(props: {
  from: string;
  to: string;
  today: string | undefined;
  error: ApiError | null;
  onShow: (from: string, to: string) => void;
}) {
  // `values` follows the range the page shows (the URL, or the report's own days).
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(ZRangeFormSchema, { values: { from: props.from, to: props.to } });
  const submit = handleSubmit(({ from, to }) => props.onShow(from, to));
  // The days are checked here; the report's query answers a 422 about them too.
  const fromError = fieldError(errors, 'from') ?? props.error?.field('from');
  const toError = fieldError(errors, 'to') ?? props.error?.field('to');
  return (
    <search aria-label="Days to show">
      <form className="la-range" onSubmit={submit}>
        <TextField
          label="From day"
          type="date"
          required
          {...register('from')}
          {...(fromError ? { error: fromError } : {})}
        />
        <TextField
          label="To day"
          type="date"
          required
          {...register('to')}
          {...(toError ? { error: toError } : {})}
        />
        <Button type="submit">Show</Button>
        {props.today
          ? QUICK_RANGES.map((n) => (
              <Button
                key={n}
                type="button"
                variant="secondary"
                onClick={() =>
                  props.today && props.onShow(addDays(props.today, -(n - 1)), props.today)
                }
              >
                Last {n} days
              </Button>
            ))
          : null}
      </form>
    </search>
  );
}

function Figures({ data, tableId }: { data: TListingAnalytics; tableId: string }) {
  const labels = useMemo(() => data.days.map((d) => shortDay(d.day)), [data]);
  const visits = useMemo(() => seriesOf(data, VISIT_METRICS), [data]);
  const leads = useMemo(() => seriesOf(data, LEAD_METRICS), [data]);
  const span = `from ${longDay(data.from)} to ${longDay(data.to)}`;
  const anything = LISTING_ANALYTICS_METRICS.some((m) => data.totals[m] > 0);
  return (
    <>
      {anything ? (
        <div className="la-charts">
          <ChartFigure
            title={T.visitsChart}
            kind="line"
            labels={labels}
            series={visits}
            summary={`Line chart: page views and unique visitors each day ${span}.`}
            tableId={tableId}
          />
          <ChartFigure
            title={T.leadsChart}
            kind="bar"
            labels={labels}
            series={leads}
            summary={`Bar chart: gallery opens, questions, showing requests and texts each day ${span}.`}
            tableId={tableId}
          />
        </div>
      ) : (
        <p>{T.nothingYet}</p>
      )}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard */}
      <section className="la-scroll" aria-label={T.tableCaption} tabIndex={0}>
        <table className="la-table" id={tableId}>
          <caption>
            {T.tableCaption}, {span}
          </caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {LISTING_ANALYTICS_METRICS.map((m) => (
                <th key={m} scope="col" className="la-num">
                  {LISTING_ANALYTICS_LABELS[m]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{longDay(d.day)}</th>
                {LISTING_ANALYTICS_METRICS.map((m) => (
                  <td key={m} className="la-num">
                    {count(d[m])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              {LISTING_ANALYTICS_METRICS.map((m) => (
                <td key={m} className="la-num">
                  {count(data.totals[m])}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </section>
    </>
  );
}

function ChartFigure(props: {
  title: string;
  kind: 'line' | 'bar';
  labels: readonly string[];
  series: readonly ChartSeries[];
  summary: string;
  tableId: string;
}) {
  return (
    <figure className="la-figure">
      <h3>{props.title}</h3>
      <Suspense fallback={<div className="la-chart" />}>
        <AnalyticsChart
          kind={props.kind}
          labels={props.labels}
          series={props.series}
          summary={props.summary}
        />
      </Suspense>
      <figcaption className="ds-muted">
        Every figure of this chart is in the <a href={`#${props.tableId}`}>table below</a>.
      </figcaption>
    </figure>
  );
}

function SummaryMail({ property, on }: { property: string; on: boolean }) {
  const mutation = useWeeklySummaryMail(property);
  const [said, setSaid] = useState<string | null>(null);
  const checked = mutation.isPending ? Boolean(mutation.variables) : on;
  return (
    <div>
      <Checkbox
        label={T.weeklySummary}
        checked={checked}
        disabled={mutation.isPending}
        onChange={(e) => {
          const next = e.target.checked;
          mutation.mutate(next, {
            onSuccess: (r) => setSaid(r.weeklySummary ? T.weeklySummaryOn : T.weeklySummaryOff),
          });
        }}
      />
      <p role="status" className="ds-muted">
        {said ?? ''}
      </p>
      {mutation.error ? <Alert tone="danger">{mutation.error.message}</Alert> : null}
    </div>
  );
}
