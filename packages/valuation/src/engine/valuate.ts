import { type ClosedSale, dayNumber } from '../sale.ts';
import { type AdjustmentKind, type FactsMode, FEATURES, type SubjectFacts } from './features.ts';
import { weightedRidge } from './least-squares.ts';

/**
 * The valuation engine (issue 37; docs/decisions/060-valuation-engine.md). Pure: it reads only its
 * arguments. In three steps:
 * 1. A local hedonic model — weighted ridge regression of log price on the subject's facts, the
 *    sale's date (the local price index: the market's movement) and a smooth location surface —
 *    fitted on the candidate sales, weighted by distance and age. It gives what each fact and
 *    each month is worth here.
 * 2. Comparables: the nearest, most recent, most similar sales; each is adjusted to the subject
 *    by the model's coefficients, and every adjustment is reported in dollars.
 * 3. The estimate blends the comparables' weighted mean with the model's own prediction; the
 *    range is their spread, widened to what was measured to hold most sales.
 * It refuses — never a number — when the subject is only placed at a ZIP centroid, lacks its
 * living area, or has too few comparables that are near and recent enough.
 */

export interface Adjustment {
  kind: AdjustmentKind;
  /** Dollars added to (or taken from) the comparable's price to stand for the subject. */
  dollars: number;
}

export interface Comparable {
  sale: ClosedSale;
  distanceKm: number;
  /** The comparable's price adjusted to the subject (dollars). */
  adjustedPrice: number;
  adjustments: Adjustment[];
  /** Its share of the comparables' part of the estimate, 0–1. */
  weight: number;
}

export type ConfidenceGrade = 'A' | 'B' | 'C';

export interface Valuation {
  ok: true;
  estimate: number;
  low: number;
  high: number;
  grade: ConfidenceGrade;
  /** The newest sale the estimate used: the date it speaks for. */
  asOf: string;
  comparables: Comparable[];
}

export type NotValued = {
  ok: false;
  reason: 'position_not_exact' | 'missing_living_area' | 'not_enough_recent_sales';
};

export interface ValuationOptions {
  mode: FactsMode;
  /** The day the value is asked for; only sales closed before it are used. */
  asOf: string;
  /** Most comparables reported (15 for a report, 8 for free comps). */
  maxComparables?: number;
}

/** The rules, measured on the King County sales (docs/performance.md "Valuation accuracy"). */
export const ENGINE = {
  /** Comparables come from within this distance … */
  comparableKm: 3,
  /** … and this many days before the as-of date (12 months). */
  comparableDays: 365,
  minComparables: 3,
  /** The model's sales: within this distance and this many days. */
  modelKm: 10,
  modelDays: 730,
  modelBandwidthKm: 4,
  /** The model is fitted on at most this many sales, the most relevant (it bounds the time). */
  modelSales: 600,
  /**
   * The candidates an estimate reads: the nearest `candidates` within `modelKm`. The store and
   * the evaluation both follow it (`nearestCandidates`).
   */
  candidates: 700,
  modelHalfLifeDays: 365,
  ridge: 2,
  /** Share of the estimate taken from the comparables (the rest from the model). */
  comparablesShare: 0.6,
  /** Range half-width = max(floor, spread × widen), in log price. */
  rangeFloor: 0.06,
  rangeWiden: 1.6,
} as const;

/**
 * Grades by the range's half-width (log price). On the King County evaluation, A's estimates
 * were off by a median of about 6 %, B's 7 %, C's 11 % (docs/performance.md).
 */
const GRADE_A = 0.09;
const GRADE_B = 0.16;

const KM_PER_DEG_LAT = 111.2;

interface Prepared {
  sale: ClosedSale;
  x: number[];
  dx: number;
  dy: number;
  distanceKm: number;
  days: number;
  /** The sale's weight in the model: nearer and more recent weigh more. */
  weight: number;
}

/** Value a home from candidate sales (any order; the engine keeps those before `asOf`). */
export function valuate(
  subject: SubjectFacts,
  candidates: readonly ClosedSale[],
  options: ValuationOptions,
): Valuation | NotValued {
  if (subject.positionPrecision === 'zip') return { ok: false, reason: 'position_not_exact' };
  if (!subject.LivingArea) return { ok: false, reason: 'missing_living_area' };
  const asOfDay = dayNumber(options.asOf);
  const asOfYear = Number(options.asOf.slice(0, 4));
  const features = usableFeatures(subject, options.mode, asOfYear);
  const subjectX = features.map((f) => f.value(subject, asOfYear) as number);
  const kmPerDegLng = KM_PER_DEG_LAT * Math.cos((subject.Latitude * Math.PI) / 180);

  const pool: Prepared[] = [];
  for (const sale of candidates) {
    if (sale.Latitude === null || sale.Longitude === null || !sale.LivingArea) continue;
    // A condominium is compared with condominiums: a known, different kind of home is no comparable.
    const kind = subject.PropertySubType;
    if (kind && sale.PropertySubType && sale.PropertySubType !== kind) continue;
    const days = asOfDay - dayNumber(sale.CloseDate);
    if (days <= 0 || days > ENGINE.modelDays) continue;
    const dx = (sale.Longitude - subject.Longitude) * kmPerDegLng;
    const dy = (sale.Latitude - subject.Latitude) * KM_PER_DEG_LAT;
    const distanceKm = Math.hypot(dx, dy);
    if (distanceKm > ENGINE.modelKm) continue;
    // A fact the sale lacks counts as the subject's: no adjustment for it.
    const x = features.map((f, i) => {
      const own = subjectX[i] as number;
      return (f.value(sale, asOfYear) ?? own) - own;
    });
    const weight =
      Math.exp(-((distanceKm / ENGINE.modelBandwidthKm) ** 2)) *
      0.5 ** (days / ENGINE.modelHalfLifeDays);
    pool.push({ sale, x, dx, dy, distanceKm, days, weight });
  }
  const comps = pickComparables(pool, options.maxComparables ?? 10);
  if (comps.length < ENGINE.minComparables) return { ok: false, reason: 'not_enough_recent_sales' };
  const model = fitModel(mostRelevant(pool), features.length);
  if (!model) return { ok: false, reason: 'not_enough_recent_sales' };
  return combine(
    comps,
    model,
    features.map((f) => f.kind),
  );
}

/** The candidates the engine is given, chosen as the store chooses them (ENGINE.candidates). */
export function nearestCandidates(
  lat: number,
  lng: number,
  sales: readonly ClosedSale[],
): ClosedSale[] {
  const kmPerDegLng = KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);
  const measured = sales
    .filter((s) => s.Latitude !== null && s.Longitude !== null)
    .map((s) => ({
      s,
      d: Math.hypot(
        ((s.Latitude as number) - lat) * KM_PER_DEG_LAT,
        ((s.Longitude as number) - lng) * kmPerDegLng,
      ),
    }))
    .sort((a, b) => a.d - b.d);
  return measured
    .filter((m) => m.d <= ENGINE.modelKm)
    .slice(0, ENGINE.candidates)
    .map((m) => m.s);
}

/** Features the subject has (in this mode): a fact the customer did not give is not adjusted for. */
function usableFeatures(subject: SubjectFacts, mode: FactsMode, asOfYear: number) {
  return FEATURES.filter((f) => f.modes.includes(mode) && f.value(subject, asOfYear) !== undefined);
}

/** The model's extra columns: market movement (years before as-of) and a location surface. */
function extraColumns(p: Prepared): number[] {
  const t = -p.days / 365;
  return [t, p.dx, p.dy, p.dx * p.dx, p.dy * p.dy, p.dx * p.dy];
}

interface Model {
  /** Predicted log price of the subject (all columns zero there). */
  intercept: number;
  /** Coefficients of the fact columns, then the extra columns. */
  beta: number[];
}

function fitModel(pool: Prepared[], factCount: number): Model | undefined {
  if (pool.length < 3 * (factCount + 8)) return undefined;
  const rows: number[][] = [];
  const y: number[] = [];
  const w: number[] = [];
  for (const p of pool) {
    rows.push([1, ...p.x, ...extraColumns(p)]);
    y.push(Math.log(p.sale.ClosePrice));
    w.push(p.weight);
  }
  const scales = columnScales(rows, w);
  const scaled = rows.map((r) => r.map((v, j) => v / (scales[j] as number)));
  const beta = weightedRidge(scaled, y, w, ENGINE.ridge);
  if (!beta) return undefined;
  const unscaled = beta.map((b, j) => b / (scales[j] as number));
  return { intercept: unscaled[0] as number, beta: unscaled.slice(1) };
}

function mostRelevant(pool: Prepared[]): Prepared[] {
  if (pool.length <= ENGINE.modelSales) return pool;
  return [...pool].sort((a, b) => b.weight - a.weight).slice(0, ENGINE.modelSales);
}

/** Each column's weighted root mean square (1 for the intercept), so the ridge treats them alike. */
function columnScales(rows: number[][], w: number[]): number[] {
  const k = rows[0]?.length ?? 0;
  const sums = new Array<number>(k).fill(0);
  let total = 0;
  rows.forEach((r, i) => {
    total += w[i] as number;
    r.forEach((v, j) => {
      sums[j] = (sums[j] as number) + (w[i] as number) * v * v;
    });
  });
  return sums.map((s, j) => (j === 0 ? 1 : Math.sqrt(s / total) || 1));
}

/** How unlike the subject a sale is: distance, age and size, each on its own yardstick. */
function dissimilarity(p: Prepared, sizeColumn: number): number {
  const size = (p.x[sizeColumn] ?? 0) / 0.25;
  return (p.distanceKm / 1) ** 2 + (p.days / 180) ** 2 + size * size;
}

function pickComparables(pool: Prepared[], max: number): Prepared[] {
  const near = pool.filter(
    (p) => p.distanceKm <= ENGINE.comparableKm && p.days <= ENGINE.comparableDays,
  );
  return near
    .map((p) => ({ p, score: dissimilarity(p, 0) }))
    .sort((a, b) => a.score - b.score)
    .slice(0, max)
    .map(({ p }) => p);
}

function combine(comps: Prepared[], model: Model, kinds: AdjustmentKind[]): Valuation {
  const adjusted = comps.map((p) => adjust(p, model, kinds));
  const raw = comps.map((p) => 1 / (0.5 + dissimilarity(p, 0)));
  const rawTotal = raw.reduce((a, b) => a + b, 0);
  const weights = raw.map((r) => r / rawTotal);
  const compsLog = adjusted.reduce((s, a, i) => s + (weights[i] as number) * a.logPrice, 0);
  const share = ENGINE.comparablesShare;
  const estimateLog = share * compsLog + (1 - share) * model.intercept;
  const spread = Math.sqrt(
    adjusted.reduce((s, a, i) => s + (weights[i] as number) * (a.logPrice - estimateLog) ** 2, 0),
  );
  const half = Math.max(ENGINE.rangeFloor, spread * ENGINE.rangeWiden);
  const asOf = comps
    .map((p) => p.sale.CloseDate)
    .sort()
    .at(-1) as string;
  return {
    ok: true,
    estimate: roundPrice(Math.exp(estimateLog)),
    low: roundPrice(Math.exp(estimateLog - half)),
    high: roundPrice(Math.exp(estimateLog + half)),
    grade: half <= GRADE_A ? 'A' : half <= GRADE_B ? 'B' : 'C',
    asOf,
    comparables: comps.map((p, i) => ({
      sale: p.sale,
      distanceKm: Math.round(p.distanceKm * 100) / 100,
      adjustedPrice: Math.round(Math.exp((adjusted[i] as { logPrice: number }).logPrice)),
      adjustments: (adjusted[i] as { adjustments: Adjustment[] }).adjustments,
      weight: Math.round((weights[i] as number) * 1000) / 1000,
    })),
  };
}

/**
 * A comparable moved to the subject: each group's log adjustment in turn, and its dollars as the
 * change it makes to the price so far (so the dollars add up to the adjusted price).
 */
function adjust(p: Prepared, model: Model, kinds: AdjustmentKind[]) {
  const groups = new Map<AdjustmentKind, number>();
  p.x.forEach((v, j) => {
    const kind = kinds[j] as AdjustmentKind;
    groups.set(kind, (groups.get(kind) ?? 0) - (model.beta[j] as number) * v);
  });
  const extra = extraColumns(p);
  const at = kinds.length;
  groups.set('market', -(model.beta[at] as number) * (extra[0] as number));
  let location = 0;
  for (let j = 1; j < extra.length; j++)
    location -= (model.beta[at + j] as number) * (extra[j] as number);
  groups.set('location', location);

  let logPrice = Math.log(p.sale.ClosePrice);
  const adjustments: Adjustment[] = [];
  for (const [kind, delta] of groups) {
    const before = Math.exp(logPrice);
    logPrice += delta;
    const dollars = Math.round(Math.exp(logPrice) - before);
    if (dollars !== 0) adjustments.push({ kind, dollars });
  }
  return { logPrice, adjustments };
}

/** Estimates are stated to the nearest $1,000: more digits would claim a precision we lack. */
function roundPrice(dollars: number): number {
  return Math.round(dollars / 1000) * 1000;
}
