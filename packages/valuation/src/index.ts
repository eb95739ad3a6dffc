/**
 * @lantern/valuation: closed sales under RESO names, read from CSV, and the valuation engine
 * (pure: its inputs are the subject's facts and candidate sales; no database access).
 */
export type { AdjustmentKind, FactsMode, SubjectFacts } from './engine/features.ts';
export {
  type Adjustment,
  type Comparable,
  type ConfidenceGrade,
  ENGINE,
  type NotValued,
  nearestCandidates,
  type Valuation,
  type ValuationOptions,
  valuate,
} from './engine/valuate.ts';
export { PRICE_TIERS, tierOf } from './evaluation.ts';
export { type ClosedSale, dayNumber, dayOf } from './sale.ts';
