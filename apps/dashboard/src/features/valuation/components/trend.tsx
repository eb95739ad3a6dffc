import type { TTrendMonth } from '@lantern/contracts';
import { VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { lazy, Suspense, useId, useMemo } from 'react';
import { count, dollars, longMonth, shortMonth } from './format.ts';
import { TableScroll } from './table-scroll.tsx';

// The chart library is fetched only when a report with a trend is drawn.
const TrendChart = lazy(() => import('./trend-chart.tsx'));

const C = P.trendColumns;

/** The area's price per square foot by month: a line chart and the table with every figure. */
export function Trend({ months }: { months: readonly TTrendMonth[] }) {
  const id = useId();
  const tableId = `${id}-table`;
  const labels = useMemo(() => months.map((m) => shortMonth(m.month)), [months]);
  const values = useMemo(() => months.map((m) => m.medianPricePerSqft), [months]);
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return null;
  const drawable = values.some((v) => v !== null);
  return (
    <section className="vl-part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{P.trendTitle}</h3>
      {drawable ? (
        <figure className="vl-figure">
          <Suspense fallback={<div className="vl-chart" />}>
            <TrendChart
              labels={labels}
              values={values}
              seriesLabel={P.trendSeries}
              summary={P.trendChart(longMonth(first.month), longMonth(last.month))}
            />
          </Suspense>
          <figcaption className="ds-muted">
            <a href={`#${tableId}`}>{P.chartInTable}</a>
          </figcaption>
        </figure>
      ) : null}
      <TableScroll label={P.tableRegion(P.trendCaption)}>
        <table className="vl-table vl-table--fit" id={tableId}>
          <caption>{P.trendCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{C.month}</th>
              <th scope="col" className="vl-num">
                {C.sales}
              </th>
              <th scope="col" className="vl-num">
                {C.median}
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{longMonth(m.month)}</th>
                <td className="vl-num">{count(m.sales)}</td>
                <td className="vl-num">
                  {m.medianPricePerSqft === null ? P.noFigure : dollars(m.medianPricePerSqft)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
