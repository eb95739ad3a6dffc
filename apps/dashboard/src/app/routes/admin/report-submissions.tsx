import { REPORT_EVENT_LABELS, REPORT_TEXTS, type TSubmissionsReport } from '@lantern/contracts';
import { REPORT_EVENT_KINDS, type TReportEventKind } from '@lantern/domain';
import { ApiError } from '@lantern/domain/api-client';
import { Alert } from '@lantern/ui';
import { useId, useMemo } from 'react';
import { submissionsExportHref } from '../../../features/reports/api/reports.ts';
import type { ChartSeries } from '../../../features/reports/components/report-chart.tsx';
import {
  CHART_COLOURS,
  dayLabels,
  eventTotal,
  longDayLabel,
  submissionBoardTotals,
  submissionGrandTotal,
  submissionRows,
} from '../../../features/reports/components/report-data.ts';
import { ChartFigure, count, RangeForm, Scroll } from './report-parts.tsx';

/**
 * Reports → listing submissions by day and MLS (issue 20; docs/decisions/029-reports.md): what
 * was submitted and what staff decided on each day, as a chart, its tables and a CSV.
 */
/** One colour per kind, the same in every range (Okabe and Ito: blue, green, orange, vermilion). */
const EVENT_COLOURS: Record<TReportEventKind, string> = {
  submitted: CHART_COLOURS[0],
  approved: CHART_COLOURS[2],
  returned: CHART_COLOURS[1],
  rejected: CHART_COLOURS[5],
};

function EventCells({ counts }: { counts: TSubmissionsReport['totals'][number]['counts'] }) {
  return (
    <>
      {REPORT_EVENT_KINDS.map((k) => (
        <td key={k} className="rpt-num">
          {count(counts[k])}
        </td>
      ))}
    </>
  );
}

function EventHeaders() {
  return (
    <>
      {REPORT_EVENT_KINDS.map((k) => (
        <th key={k} scope="col" className="rpt-num">
          {REPORT_EVENT_LABELS[k]}
        </th>
      ))}
    </>
  );
}

export function SubmissionsSection(props: {
  report: TSubmissionsReport | undefined;
  loading: boolean;
  error: Error | null;
  from: string | undefined;
  to: string | undefined;
  onShow: (from: string, to: string) => void;
  onReset: () => void;
  canExport: boolean;
}) {
  const { report, error } = props;
  const id = useId();
  const byDayId = `${id}-by-day`;
  const series = useMemo<ChartSeries[]>(
    () =>
      REPORT_EVENT_KINDS.map((k) => ({
        label: REPORT_EVENT_LABELS[k],
        values: report?.totals.map((t) => t.counts[k]) ?? [],
        colour: EVENT_COLOURS[k],
      })),
    [report],
  );
  const labels = useMemo(() => (report ? dayLabels(report.days) : []), [report]);
  const rows = useMemo(() => (report ? submissionRows(report) : []), [report]);
  const boardTotals = useMemo(() => (report ? submissionBoardTotals(report) : []), [report]);
  const grand = report ? submissionGrandTotal(report) : null;
  return (
    <section className="rpt-section" aria-labelledby={`${id}-title`}>
      <div className="rpt-heading">
        <h2 id={`${id}-title`}>Listing submissions by day and MLS</h2>
        {props.canExport && report ? (
          <a
            className="ln-btn ln-btn--secondary"
            href={submissionsExportHref(report.from, report.to)}
            download
          >
            Download CSV{' '}
            <span className="ln-visually-hidden">of listing submissions by day and MLS</span>
          </a>
        ) : null}
      </div>
      <p className="ds-muted">
        Listings sent to staff once every owner signed, and what staff decided: approved and put
        live, sent back to the owners, or cannot be listed (refunded). Calendar days
        {report ? ` in the ${report.timeZone} time zone` : ''}; each counted for the MLS it
        concerned at the time.
      </p>
      <RangeForm
        unit="day"
        from={props.from ?? report?.from ?? ''}
        to={props.to ?? report?.to ?? ''}
        error={error instanceof ApiError ? error : null}
        onShow={props.onShow}
        onReset={props.onReset}
      />
      {error && !(error instanceof ApiError && error.status === 422) ? (
        <Alert tone="danger">{error.message}</Alert>
      ) : null}
      {props.loading ? (
        <p role="status">Loading submissions…</p>
      ) : report && grand ? (
        report.boards.length ? (
          <>
            <ChartFigure
              labels={labels}
              series={series}
              unit="count"
              summary={`Stacked bar chart: listings submitted, approved, sent back and refused each day from ${longDayLabel(report.from)} to ${longDayLabel(report.to)}, all MLSs together, one colour per kind.`}
              tableId={byDayId}
            />
            <Scroll label="Listing events by day">
              <table className="rpt-table" id={byDayId}>
                <caption>Listing events by day, all MLSs</caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <EventHeaders />
                    <th scope="col" className="rpt-num">
                      Events
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {report.totals.map((t) => (
                    <tr key={t.day}>
                      <th scope="row">{longDayLabel(t.day)}</th>
                      <EventCells counts={t.counts} />
                      <td className="rpt-num">{count(eventTotal(t.counts))}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">Total</th>
                    <EventCells counts={grand} />
                    <td className="rpt-num">{count(eventTotal(grand))}</td>
                  </tr>
                </tfoot>
              </table>
            </Scroll>
            <Scroll label="Listing events by day and MLS">
              <table className="rpt-table">
                <caption>
                  Listing events by day and MLS{' '}
                  <span className="rpt-note">
                    (days with nothing at an MLS are left out; the CSV has every day and MLS)
                  </span>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Day</th>
                    <th scope="col">MLS</th>
                    <EventHeaders />
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={`${r.day} ${r.board ?? ''}`}>
                      <th scope="row">{longDayLabel(r.day)}</th>
                      <th scope="row">{r.boardName}</th>
                      <EventCells counts={r.counts} />
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  {boardTotals.map((r) => (
                    <tr key={r.board ?? ''}>
                      <th scope="row">All days</th>
                      <th scope="row">{r.boardName}</th>
                      <EventCells counts={r.counts} />
                    </tr>
                  ))}
                </tfoot>
              </table>
            </Scroll>
          </>
        ) : (
          <p className="rpt-empty">{REPORT_TEXTS.noSubmissions}</p>
        )
      ) : null}
    </section>
  );
}
