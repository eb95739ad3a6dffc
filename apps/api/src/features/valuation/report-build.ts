import {
  type TValuationProduct,
  type TValuationUnoffered,
  VALUATION_COMPARABLES,
  VALUATION_TEXTS,
} from '@lantern/contracts';
import type { Property } from '@lantern/db';
import { todayUtc } from '@lantern/domain';
import { ENGINE } from '@lantern/valuation';
import { daysBefore } from './estimate.ts';
import { accuracyNear } from './report-accuracy.ts';
import { type ReportContent, reportContent, subjectOf } from './report-content.ts';
import { addressOf } from './report-views.ts';
import type { ValuationServiceDeps } from './valuation-types.ts';

/** Why valuations are not offered for a property, or null when they are. */
export async function unofferedFor(
  deps: ValuationServiceDeps,
  p: Property,
): Promise<TValuationUnoffered> {
  if (p.lat === null || p.lng === null || p.positionPrecision === null) return 'placement';
  if (p.positionPrecision === 'zip') return 'position';
  return (await deps.offersAt({ lat: p.lat, lng: p.lng })) ? null : 'coverage';
}

/** Make a report's content from the home's facts now. */
export async function buildReport(
  deps: ValuationServiceDeps,
  product: TValuationProduct,
  p: Property,
): Promise<{ content: ReportContent; asOf: string | null }> {
  const today = todayUtc();
  const { facts } = await deps.valuations.facts(p.id);
  const position = { lat: p.lat as number, lng: p.lng as number };
  const subject = subjectOf(facts, { ...position, precision: p.positionPrecision ?? 'zip' });
  const result = await deps.estimator.estimate(
    subject,
    today,
    'customer',
    product === 'free-comps' ? 15 : VALUATION_COMPARABLES[product],
  );
  const ids = result.ok ? result.comparables.map((c) => Number(c.sale.ListingKey)) : [];
  const [displays, trend, accuracy, disclaimer] = await Promise.all([
    deps.sales.displayOf(ids),
    product === 'free-comps'
      ? Promise.resolve([])
      : deps.sales.monthlyTrend({
          ...position,
          radiusKm: ENGINE.comparableKm,
          before: today,
          after: `${daysBefore(today, ENGINE.comparableDays).slice(0, 7)}-01`,
          limit: 0,
        }),
    result.ok && product === 'home-value-report'
      ? accuracyNear(deps, p, result.estimate, today)
      : Promise.resolve([]),
    deps.disclaimerFor(p.state),
  ]);
  const content = reportContent({
    product,
    address: addressOf(p),
    position,
    facts,
    result,
    displays,
    trend,
    accuracy,
    disclaimer,
  });
  // The date the figures speak for: the newest sale the engine used.
  return { content, asOf: result.ok && !content.notValued ? result.asOf : null };
}

/** What a report says when the home is no longer offered valuations (a regeneration). */
export async function unofferedContent(
  deps: ValuationServiceDeps,
  p: Property,
  why: TValuationUnoffered,
): Promise<ReportContent> {
  return {
    address: addressOf(p),
    position: { lat: p.lat ?? 0, lng: p.lng ?? 0 },
    facts: (await deps.valuations.facts(p.id)).facts,
    notValued:
      why === 'position' ? VALUATION_TEXTS.notOfferedPosition : VALUATION_TEXTS.notOfferedCoverage,
    estimate: null,
    comparables: [],
    trend: [],
    accuracy: [],
    attributions: [],
    disclaimer: await deps.disclaimerFor(p.state),
  };
}
