import type { FactsMode, SubjectFacts } from './engine/features.ts';
import { ENGINE, nearestCandidates, type Valuation, valuate } from './engine/valuate.ts';
import type { ClosedSale } from './sale.ts';
import { SaleGrid } from './sale-grid.ts';

/**
 * Out-of-sample accuracy (issue 37): estimate each sale of `sales` from the sales of `history`
 * and `sales` that closed strictly before it — never itself, never a later one — as a customer's
 * request on that day would have been answered. Errors are fractions of the sale price.
 */
export interface EvaluationSummary {
  sales: number;
  estimated: number;
  mdape: number | null;
  within5: number | null;
  within10: number | null;
  within20: number | null;
  inRange: number | null;
  p95Ms: number | null;
}

export interface EvaluationRow {
  sale: ClosedSale;
  valuation: Valuation | undefined;
  error: number | undefined;
  ms: number;
}

/** The subject's facts as a request in `mode` would carry them. */
export function subjectOf(sale: ClosedSale, mode: FactsMode): SubjectFacts {
  const customer: SubjectFacts = {
    Latitude: sale.Latitude as number,
    Longitude: sale.Longitude as number,
    // County-records positions are the parcel's own: street level or better.
    positionPrecision: 'rooftop',
    LivingArea: sale.LivingArea,
    LotSizeSquareFeet: sale.LotSizeSquareFeet,
    BedroomsTotal: sale.BedroomsTotal,
    BathroomsTotalDecimal: sale.BathroomsTotalDecimal,
    YearBuilt: sale.YearBuilt,
    PropertyCondition: sale.PropertyCondition,
  };
  if (mode === 'customer') return customer;
  return {
    ...customer,
    QualityGrade: sale.QualityGrade,
    ViewRating: sale.ViewRating,
    WaterfrontYN: sale.WaterfrontYN,
    StoriesTotal: sale.StoriesTotal,
    BelowGradeFinishedArea: sale.BelowGradeFinishedArea,
    YearRenovated: sale.YearRenovated,
  };
}

/** Run the evaluation; rows come back in close-date order. */
export function evaluate(
  history: readonly ClosedSale[],
  sales: readonly ClosedSale[],
  mode: FactsMode,
): EvaluationRow[] {
  const all = [...history, ...sales].sort((a, b) => a.CloseDate.localeCompare(b.CloseDate));
  const targets = [...sales].sort((a, b) => a.CloseDate.localeCompare(b.CloseDate));
  const grid = new SaleGrid();
  let added = 0;
  const rows: EvaluationRow[] = [];
  for (const sale of targets) {
    // Everything that closed strictly before this sale, and nothing else.
    while (added < all.length && (all[added] as ClosedSale).CloseDate < sale.CloseDate) {
      grid.add(all[added] as ClosedSale);
      added++;
    }
    if (sale.Latitude === null || sale.Longitude === null) {
      rows.push({ sale, valuation: undefined, error: undefined, ms: 0 });
      continue;
    }
    const started = performance.now();
    const nearby = grid.near(sale.Latitude, sale.Longitude, ENGINE.modelKm);
    const candidates = nearestCandidates(sale.Latitude, sale.Longitude, nearby);
    const outcome = valuate(subjectOf(sale, mode), candidates, { mode, asOf: sale.CloseDate });
    const ms = performance.now() - started;
    const valuation = outcome.ok ? outcome : undefined;
    const error = valuation
      ? Math.abs(valuation.estimate - sale.ClosePrice) / sale.ClosePrice
      : undefined;
    rows.push({ sale, valuation, error, ms });
  }
  return rows;
}

const round = (v: number, digits = 4) => Math.round(v * 10 ** digits) / 10 ** digits;

function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}

/** The summary line's figures for a set of rows. */
export function summarize(rows: readonly EvaluationRow[]): EvaluationSummary {
  const done = rows.filter((r) => r.valuation !== undefined);
  const errors = done.map((r) => r.error as number).sort((a, b) => a - b);
  const share = (test: (r: EvaluationRow) => boolean) =>
    done.length ? round(done.filter(test).length / done.length) : null;
  const times = rows
    .filter((r) => r.ms > 0)
    .map((r) => r.ms)
    .sort((a, b) => a - b);
  const mdape = quantile(errors, 0.5);
  const p95 = quantile(times, 0.95);
  return {
    sales: rows.length,
    estimated: done.length,
    mdape: mdape === null ? null : round(mdape),
    within5: share((r) => (r.error as number) <= 0.05),
    within10: share((r) => (r.error as number) <= 0.1),
    within20: share((r) => (r.error as number) <= 0.2),
    inRange: share((r) => {
      const v = r.valuation as Valuation;
      return v.low <= r.sale.ClosePrice && r.sale.ClosePrice <= v.high;
    }),
    p95Ms: p95 === null ? null : round(p95, 2),
  };
}

/** Price tiers for the breakdown, in dollars. */
export const PRICE_TIERS: ReadonlyArray<[string, number, number]> = [
  ['under $300k', 0, 300_000],
  ['$300k–$500k', 300_000, 500_000],
  ['$500k–$750k', 500_000, 750_000],
  ['$750k–$1M', 750_000, 1_000_000],
  ['$1M and over', 1_000_000, Number.POSITIVE_INFINITY],
];

/** Rows grouped by a key, each group summarised; groups in key order. */
export function breakdown(
  rows: readonly EvaluationRow[],
  keyOf: (r: EvaluationRow) => string | undefined,
): Array<[string, EvaluationSummary]> {
  const groups = new Map<string, EvaluationRow[]>();
  for (const r of rows) {
    const key = keyOf(r);
    if (key === undefined) continue;
    const list = groups.get(key) ?? [];
    list.push(r);
    groups.set(key, list);
  }
  return [...groups].map(([key, list]) => [key, summarize(list)] as [string, EvaluationSummary]);
}

export function tierOf(price: number): string {
  const tier = PRICE_TIERS.find(([, lo, hi]) => price >= lo && price < hi);
  return tier ? tier[0] : 'under $300k';
}
