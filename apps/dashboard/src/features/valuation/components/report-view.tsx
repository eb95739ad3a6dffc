import {
  GRADE_MEANINGS,
  PROPERTY_FACT_LABELS,
  VALUATION_TEXTS as T,
  type TAccuracy,
  type TPropertyFacts,
  type TValuationReport,
  type TValuationReportSummary,
  VALUATION_CONDITIONS,
} from '@lantern/contracts';
import { VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { Alert } from '@lantern/ui';
import { type Ref, useId } from 'react';
import { useValuationReport } from '../api/valuation.ts';
import { Comparables } from './comparables.tsx';
import { count, day, dollars, percent } from './format.ts';
import { TableScroll } from './table-scroll.tsx';
import { Trend } from './trend.tsx';

export interface ReportViewProps {
  property: string;
  summary: TValuationReportSummary;
  tiles: { url: string | null; attribution: string };
  /** The report's heading, which takes focus when the person asks to see the report. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The element id the list's "Shown below" link points at. */
  id: string;
}

/** One version of a report as delivered: what it found, by its status and its product. */
export function ReportView({ property, summary, tiles, headingRef, id }: ReportViewProps) {
  const titleId = `${id}-title`;
  return (
    <section id={id} className="vl-report" aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="vl-report__title">
        {P.reportName(summary.productName, summary.version)}
      </h2>
      {summary.status === 'preparing' ? (
        <Alert tone="info" className="vl-preparing">
          <span className="ln-spinner" aria-hidden="true" /> {T.preparing}
        </Alert>
      ) : (
        <Delivered property={property} summary={summary} tiles={tiles} />
      )}
    </section>
  );
}

function Delivered({ property, summary, tiles }: Omit<ReportViewProps, 'headingRef' | 'id'>) {
  const report = useValuationReport(property, summary.hash, summary.status);
  if (report.isPending) return <p role="status">Loading…</p>;
  if (report.isError) return <Alert tone="danger">{P.reportLoadFailed}</Alert>;
  const r = report.data;
  const paid = r.product !== 'free-comps';
  return (
    <>
      {r.asOf && !(r.status === 'ready' && r.estimate) ? (
        <p className="ds-muted">{P.asOf(day(r.asOf))}</p>
      ) : null}
      {r.status === 'refunded' ? <Alert tone="info">{T.refunded}</Alert> : null}
      {r.status === 'not_valued' ? (
        <Alert tone="warning">{r.notValued ?? T.notEnoughSales}</Alert>
      ) : null}
      {r.status === 'ready' && r.estimate ? <Estimate report={r} /> : null}
      {r.product === 'home-value-report' || r.status === 'not_valued' ? (
        <FactsUsed facts={r.facts} />
      ) : null}
      {r.status === 'ready' && r.comparables.length ? (
        <Comparables report={r} tiles={tiles} withAdjustments={paid} />
      ) : null}
      {r.status === 'ready' && paid && r.trend.length ? <Trend months={r.trend} /> : null}
      {r.status === 'ready' && r.accuracy.length ? <Accuracy rows={r.accuracy} /> : null}
      {r.attributions.length ? <Sources attributions={r.attributions} /> : null}
      <footer className="vl-disclaimer">
        <p className="vl-disclaimer__fixed">{r.disclaimer.fixed}</p>
        <p>{r.disclaimer.text}</p>
      </footer>
    </>
  );
}

/** The Home Value Report's figure: value, range, confidence grade and as-of date. */
function Estimate({ report }: { report: TValuationReport }) {
  const id = useId();
  const e = report.estimate;
  if (!e) return null;
  return (
    <section className="vl-estimate" aria-labelledby={id}>
      <h3 id={id} className="vl-estimate__title">
        {P.estimateTitle}
      </h3>
      <p className="vl-estimate__value">{dollars(e.value)}</p>
      <p className="vl-estimate__range">{P.range(dollars(e.low), dollars(e.high))}</p>
      <dl className="vl-estimate__grade">
        <dt>{P.grade}</dt>
        <dd>
          <span className={`vl-grade vl-grade--${e.grade}`} aria-hidden="true">
            {e.grade}
          </span>{' '}
          {GRADE_MEANINGS[e.grade]}
        </dd>
      </dl>
      {report.asOf ? <p className="ds-muted">{P.asOf(day(report.asOf))}</p> : null}
    </section>
  );
}

const factText = (name: keyof TPropertyFacts, facts: TPropertyFacts): string => {
  const v = facts[name];
  if (v === null) return P.notGiven;
  if (name === 'condition') return VALUATION_CONDITIONS[v as keyof typeof VALUATION_CONDITIONS];
  if (name === 'yearBuilt') return String(v);
  return count(v);
};

/** What the report was made from (the facts at the time, which may since have been corrected). */
function FactsUsed({ facts }: { facts: TPropertyFacts }) {
  const id = useId();
  return (
    <section className="vl-part" aria-labelledby={id}>
      <h3 id={id}>{P.factsUsedTitle}</h3>
      <dl className="vl-facts-used">
        {(Object.keys(PROPERTY_FACT_LABELS) as (keyof TPropertyFacts)[]).map((name) => (
          <div key={name}>
            <dt>{PROPERTY_FACT_LABELS[name]}</dt>
            <dd>{factText(name, facts)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** "How accurate our estimates have been here": error measured on recent sales near the home. */
function Accuracy({ rows }: { rows: readonly TAccuracy[] }) {
  const id = useId();
  const C = P.accuracyColumns;
  return (
    <section className="vl-part" aria-labelledby={id}>
      <h3 id={id}>{P.accuracyTitle}</h3>
      <p className="ds-muted">{P.accuracyHint}</p>
      <TableScroll label={P.tableRegion(P.accuracyCaption)}>
        <table className="vl-table vl-table--fit">
          <caption className="ln-visually-hidden">{P.accuracyCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{C.label}</th>
              <th scope="col" className="vl-num">
                {C.sales}
              </th>
              <th scope="col" className="vl-num">
                {C.medianError}
              </th>
              <th scope="col" className="vl-num">
                {C.within10}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.label}>
                <th scope="row">{a.label}</th>
                <td className="vl-num">{count(a.sales)}</td>
                <td className="vl-num">{percent(a.medianError)}</td>
                <td className="vl-num">{percent(a.within10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}

function Sources({ attributions }: { attributions: readonly string[] }) {
  const id = useId();
  return (
    <section className="vl-part vl-sources" aria-labelledby={id}>
      <h3 id={id}>{P.sourcesTitle}</h3>
      <ul>
        {attributions.map((a) => (
          <li key={a}>{a}</li>
        ))}
      </ul>
    </section>
  );
}
