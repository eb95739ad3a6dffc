import { ZReportDayRangeQuerySchema, ZReportRangeQuerySchema } from '@lantern/contracts';
import { formatCents } from '@lantern/domain';
import type { ApiError } from '@lantern/domain/api-client';
import { Button, fieldError, TextField, useSchemaForm } from '@lantern/ui';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import type { ChartSeries } from '../../../features/reports/components/report-chart.tsx';

/** The pieces every report on the Reports page is built of (docs/decisions/029-reports.md). */

// The chart library is fetched only when a report is drawn, never with the rest of the dashboard.
const ReportChart = lazy(() => import('../../../features/reports/components/report-chart.tsx'));

export const money = (cents: number) => formatCents(cents);
export const count = (n: number) => n.toLocaleString('en-US');

const RANGE_UNITS = {
  month: {
    name: 'Months to report',
    from: 'From month',
    to: 'To month',
    min: '2000-01',
    max: '2999-12',
    reset: 'Last 12 months',
  },
  day: {
    name: 'Days to report',
    from: 'From day',
    to: 'To day',
    min: '2000-01-01',
    max: '2999-12-31',
    reset: 'Last 30 days',
  },
} as const;

export function RangeForm(props: {
  unit: 'month' | 'day';
  from: string;
  to: string;
  error: ApiError | null;
  onShow: (from: string, to: string) => void;
  onReset: () => void;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(props.unit === 'month' ? ZReportRangeQuerySchema : ZReportDayRangeQuerySchema, {
    defaultValues: { from: props.from, to: props.to },
  });
  // The range shown follows the address (a reset, the back button), not only what was typed.
  useEffect(() => reset({ from: props.from, to: props.to }), [reset, props.from, props.to]);
  const submit = handleSubmit((values) => props.onShow(values.from ?? '', values.to ?? ''));
  const fromError = fieldError(errors, 'from') ?? props.error?.field('from');
  const toError = fieldError(errors, 'to') ?? props.error?.field('to');
  const u = RANGE_UNITS[props.unit];
  const type = props.unit === 'month' ? 'month' : 'date';
  return (
    <search aria-label={u.name}>
      <form className="rpt-range" onSubmit={submit}>
        <TextField
          label={u.from}
          type={type}
          {...register('from')}
          min={u.min}
          max={u.max}
          required
          {...(fromError ? { error: fromError } : {})}
        />
        <TextField
          label={u.to}
          type={type}
          {...register('to')}
          min={u.min}
          max={u.max}
          required
          {...(toError ? { error: toError } : {})}
        />
        <Button type="submit">Show</Button>
        <Button type="button" variant="secondary" onClick={props.onReset}>
          {u.reset}
        </Button>
      </form>
    </search>
  );
}

export function ChartFigure(props: {
  labels: readonly string[];
  series: readonly ChartSeries[];
  unit: 'cents' | 'count';
  summary: string;
  tableId: string;
}) {
  return (
    <figure className="rpt-figure">
      <Suspense fallback={<div className="rpt-chart" />}>
        <ReportChart
          labels={props.labels}
          series={props.series}
          unit={props.unit}
          summary={props.summary}
        />
      </Suspense>
      <figcaption className="ds-muted">
        Every figure of this chart is in the <a href={`#${props.tableId}`}>table below</a>.
      </figcaption>
    </figure>
  );
}

/** A table wider than the page scrolls on its own; the keyboard can scroll it too. */
export function Scroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
    <section className="rpt-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
