import {
  ENGINE,
  type FactsMode,
  type NotValued,
  type SubjectFacts,
  type Valuation,
  valuate,
} from '@lantern/valuation';
import type { ClosedSaleRepository } from '../../repositories/closed-sales.ts';

/**
 * The candidate sales one estimate reads, nearest first: the model keeps its 1,200 weightiest.
 * Each row costs time to bring into JavaScript (on PGlite most of an estimate's time).
 */
export const CANDIDATE_LIMIT = 1_500;

/** Calendar arithmetic on 'YYYY-MM-DD' days (UTC; no time zone is involved). */
function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * One estimate from the store (issue 37): the sales within the engine's reach that closed before
 * the as-of day, handed to the pure engine. Every figure a customer sees uses `customer` facts.
 */
export function createEstimator(deps: { sales: Pick<ClosedSaleRepository, 'candidatesNear'> }) {
  return {
    async estimate(
      subject: SubjectFacts,
      asOf: string,
      mode: FactsMode = 'customer',
      maxComparables?: number,
    ): Promise<Valuation | NotValued> {
      if (subject.positionPrecision === 'zip') return { ok: false, reason: 'position_not_exact' };
      const candidates = await deps.sales.candidatesNear({
        lat: subject.Latitude,
        lng: subject.Longitude,
        radiusKm: ENGINE.modelKm,
        before: asOf,
        after: daysBefore(asOf, ENGINE.modelDays),
        limit: CANDIDATE_LIMIT,
      });
      return valuate(subject, candidates, {
        mode,
        asOf,
        ...(maxComparables ? { maxComparables } : {}),
      });
    },
  };
}
export type Estimator = ReturnType<typeof createEstimator>;
