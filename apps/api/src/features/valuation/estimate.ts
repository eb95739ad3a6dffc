import {
  ENGINE,
  type FactsMode,
  type NotValued,
  type SubjectFacts,
  type Valuation,
  valuate,
} from '@lantern/valuation';
import type { ClosedSaleRepository } from '../sales/closed-sales.repository.ts';

/** Calendar arithmetic on 'YYYY-MM-DD' days (UTC; no time zone is involved). */
export function daysBefore(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * One estimate from the store (issue 37): the sales within the engine's reach that closed before
 * the as-of day, handed to the pure engine. Every figure a customer sees uses `customer` facts.
 */
export function createEstimator(deps: { sales: Pick<ClosedSaleRepository, 'engineCandidates'> }) {
  return {
    async estimate(
      subject: SubjectFacts,
      asOf: string,
      mode: FactsMode = 'customer',
      maxComparables?: number,
    ): Promise<Valuation | NotValued> {
      if (subject.positionPrecision === 'zip') return { ok: false, reason: 'position_not_exact' };
      // The nearest sales within the model's reach, found nearest-first by the store's index
      // (docs/decisions/060): the same set whether the market is dense or thin.
      const candidates = await deps.sales.engineCandidates({
        lat: subject.Latitude,
        lng: subject.Longitude,
        radiusKm: ENGINE.modelKm,
        before: asOf,
        after: daysBefore(asOf, ENGINE.modelDays),
        limit: ENGINE.candidates,
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
