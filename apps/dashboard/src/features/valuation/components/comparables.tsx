import {
  ADJUSTMENT_LABELS,
  VALUATION_TEXTS as T,
  type TValuationComparable,
  type TValuationReport,
  VALUATION_COMPARABLES,
} from '@lantern/contracts';
import { VALUATION_PAGE_TEXTS as P } from '@lantern/domain';
import { lazy, Suspense, useId, useMemo } from 'react';
import type { MapPoint } from './comparables-map.tsx';
import { count, day, dollars, miles, shortDay, signedDollars } from './format.ts';
import { TableScroll } from './table-scroll.tsx';

// Leaflet is fetched only when a report with comparables is drawn, never with the page.
const ComparablesMap = lazy(() => import('./comparables-map.tsx'));

const C = P.comparableColumns;
const none = (
  <>
    <span aria-hidden="true">—</span>
    <span className="ln-visually-hidden">{P.noFigure}</span>
  </>
);
const num = (n: number | null, show: (v: number) => string = count) =>
  n === null ? none : show(n);

/** A comparable's adjustment label in words, whether the API sends the kind or the words. */
const adjustmentLabel = (label: string) => ADJUSTMENT_LABELS[label] ?? label;

export interface ComparablesProps {
  report: TValuationReport;
  tiles: { url: string | null; attribution: string };
  /** Reports (not Free Comps): the adjusted price column and each comparable's adjustments. */
  withAdjustments: boolean;
}

/** The comparables on a map and in a table (numbered alike), then each one's adjustments. */
export function Comparables({ report, tiles, withAdjustments }: ComparablesProps) {
  const id = useId();
  const comparables = useMemo(
    () => report.comparables.slice(0, VALUATION_COMPARABLES[report.product]),
    [report],
  );
  const home = useMemo<MapPoint>(
    () => ({
      lat: report.position.lat,
      lng: report.position.lng,
      title: P.mapHome(report.address),
    }),
    [report],
  );
  const points = useMemo<MapPoint[]>(
    () =>
      comparables.map((c, i) => ({
        lat: c.lat,
        lng: c.lng,
        title: P.mapComparable(i + 1, c.place),
        detail: `${c.price === null ? T.priceWithheld : dollars(c.price)} · ${day(c.closeDate)}`,
      })),
    [comparables],
  );
  return (
    <section className="vl-part" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{P.comparablesTitle}</h3>
      <figure className="vl-map">
        <Suspense fallback={<div className="vl-map__canvas vl-map__canvas--plain" />}>
          <ComparablesMap home={home} comparables={points} tiles={tiles} label={P.mapLabel} />
        </Suspense>
        <figcaption className="ds-muted">{P.mapHint}</figcaption>
      </figure>
      <TableScroll label={P.tableRegion(P.comparablesCaption)}>
        <table className="vl-table">
          <caption>{P.comparablesCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className="vl-num">
                {C.number}
              </th>
              <th scope="col">{C.place}</th>
              <th scope="col" className="vl-num">
                {C.distance}
              </th>
              <th scope="col">{C.closeDate}</th>
              <th scope="col" className="vl-num">
                {C.price}
              </th>
              <th scope="col" className="vl-num">
                {C.pricePerSqft}
              </th>
              <th scope="col" className="vl-num">
                {C.bedrooms}
              </th>
              <th scope="col" className="vl-num">
                {C.bathrooms}
              </th>
              <th scope="col" className="vl-num">
                {C.livingArea}
              </th>
              {withAdjustments ? (
                <th scope="col" className="vl-num">
                  {C.adjustedPrice}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {comparables.map((c, i) => (
              <tr key={`${c.place} ${c.closeDate} ${i}`}>
                <td className="vl-num">{i + 1}</td>
                <th scope="row">{c.place}</th>
                <td className="vl-num">{miles(c.distanceMiles)}</td>
                <td>{shortDay(c.closeDate)}</td>
                {c.price === null ? (
                  <td className="vl-withheld">{T.priceWithheld}</td>
                ) : (
                  <td className="vl-num">{dollars(c.price)}</td>
                )}
                <td className="vl-num">{num(c.pricePerSqft, dollars)}</td>
                <td className="vl-num">{num(c.bedrooms)}</td>
                <td className="vl-num">{num(c.bathrooms)}</td>
                <td className="vl-num">{num(c.livingArea)}</td>
                {withAdjustments ? (
                  <td className="vl-num">{num(c.adjustedPrice, dollars)}</td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {withAdjustments ? <Adjustments comparables={comparables} /> : null}
    </section>
  );
}

/** Each comparable's adjustments in dollars, one disclosure each (only where its price is shown). */
function Adjustments({ comparables }: { comparables: readonly TValuationComparable[] }) {
  const id = useId();
  const adjusted = comparables
    .map((c, i) => ({ c, n: i + 1 }))
    .filter(({ c }) => c.adjustments !== null && c.price !== null && c.adjustedPrice !== null);
  if (!adjusted.length) return null;
  return (
    <div className="vl-adjustments">
      <h4 id={id}>{P.adjustmentsTitle}</h4>
      <p className="ds-muted">{P.adjustmentsHint}</p>
      <ul aria-labelledby={id} className="vl-adjustments__list">
        {adjusted.map(({ c, n }) => (
          <li key={`${c.place} ${n}`}>
            <details className="vl-details">
              <summary>{P.adjustmentsSummary(n, c.place, dollars(c.adjustedPrice ?? 0))}</summary>
              <table className="vl-table vl-table--compact">
                <caption className="ln-visually-hidden">{P.adjustmentsCaption(c.place)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{P.adjustmentColumns.label}</th>
                    <th scope="col" className="vl-num">
                      {P.adjustmentColumns.dollars}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">{P.salePrice}</th>
                    <td className="vl-num">{dollars(c.price ?? 0)}</td>
                  </tr>
                  {(c.adjustments ?? []).map((a) => (
                    <tr key={a.label}>
                      <th scope="row">{adjustmentLabel(a.label)}</th>
                      <td className="vl-num">{signedDollars(a.dollars)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row">{P.adjustedPrice}</th>
                    <td className="vl-num">{dollars(c.adjustedPrice ?? 0)}</td>
                  </tr>
                </tfoot>
              </table>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
