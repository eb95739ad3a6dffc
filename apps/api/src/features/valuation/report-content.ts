import {
  ADJUSTMENT_LABELS,
  GRADE_MEANINGS,
  type TAccuracy,
  type TPropertyFacts,
  type TTrendMonth,
  type TValuationComparable,
  type TValuationProduct,
  type TValuationReport,
  VALUATION_COMPARABLES,
  VALUATION_TEXTS,
} from '@lantern/contracts';
import type { Comparable, NotValued, SubjectFacts, Valuation } from '@lantern/valuation';
import type { SaleDisplay } from '../sales/closed-sales.repository.ts';

const KM_PER_MILE = 1.609344;

/** What a report stores: everything the customer reads but the summary's own fields. */
export type ReportContent = Omit<
  TValuationReport,
  | 'hash'
  | 'product'
  | 'productName'
  | 'order'
  | 'version'
  | 'status'
  | 'createdAt'
  | 'asOf'
  | 'pdf'
  | 'canRegenerate'
>;

/** The engine's subject from the facts a customer gave (its `customer` mode). */
export function subjectOf(
  facts: TPropertyFacts,
  position: { lat: number; lng: number; precision: SubjectFacts['positionPrecision'] },
): SubjectFacts {
  const given = <T>(v: T | null) => (v === null ? undefined : v);
  return {
    Latitude: position.lat,
    Longitude: position.lng,
    positionPrecision: position.precision,
    LivingArea: given(facts.livingArea),
    LotSizeSquareFeet: given(facts.lotSizeSquareFeet),
    BedroomsTotal: given(facts.bedrooms),
    BathroomsTotalDecimal: given(facts.bathrooms),
    YearBuilt: given(facts.yearBuilt),
    PropertyCondition: given(facts.condition),
  };
}

const NOT_VALUED_TEXT: Record<NotValued['reason'], string> = {
  position_not_exact: VALUATION_TEXTS.notOfferedPosition,
  missing_living_area: VALUATION_TEXTS.needsLivingArea,
  not_enough_recent_sales: VALUATION_TEXTS.notEnoughSales,
};
export const notValuedText = (reason: NotValued['reason']) => NOT_VALUED_TEXT[reason];

/** A sale's place in words: its street address, else its parcel, else its ZIP code. */
function placeOf(display: SaleDisplay | undefined): string {
  if (display?.unparsedAddress) return display.unparsedAddress;
  if (display?.parcelNumber)
    return `Parcel ${display.parcelNumber}${display.postalCode ? `, ZIP ${display.postalCode}` : ''}`;
  return display?.postalCode ? `A home in ZIP ${display.postalCode}` : 'A nearby home';
}

/**
 * One comparable as the customer sees it. A model-only sale shows its facts and distance; its
 * price, price per square foot and dollar adjustments are withheld (decision 059).
 */
function comparableOf(
  c: Comparable,
  display: SaleDisplay | undefined,
  withAdjustments: boolean,
): TValuationComparable {
  const shown = display?.priceDisplay === 'public';
  const s = c.sale;
  return {
    place: placeOf(display),
    lat: s.Latitude ?? 0,
    lng: s.Longitude ?? 0,
    distanceMiles: Math.round((c.distanceKm / KM_PER_MILE) * 100) / 100,
    closeDate: s.CloseDate,
    price: shown ? s.ClosePrice : null,
    pricePerSqft: shown && s.LivingArea ? Math.round(s.ClosePrice / s.LivingArea) : null,
    bedrooms: s.BedroomsTotal,
    bathrooms: s.BathroomsTotalDecimal,
    livingArea: s.LivingArea,
    lotSizeSquareFeet: s.LotSizeSquareFeet,
    yearBuilt: s.YearBuilt,
    adjustments:
      withAdjustments && shown
        ? c.adjustments
            .filter((a) => Math.round(a.dollars) !== 0)
            .map((a) => ({
              label: ADJUSTMENT_LABELS[a.kind] ?? a.kind,
              dollars: Math.round(a.dollars),
            }))
        : null,
    adjustedPrice: withAdjustments && shown ? Math.round(c.adjustedPrice) : null,
    attribution: display?.attribution ?? '',
  };
}

/** The comparables a product shows: Free Comps only those whose price may be shown. */
export function comparablesFor(
  product: TValuationProduct,
  valuation: Valuation,
  displays: Map<number, SaleDisplay>,
): TValuationComparable[] {
  const shown = (c: Comparable) => displays.get(Number(c.sale.ListingKey));
  const picked =
    product === 'free-comps'
      ? valuation.comparables.filter((c) => shown(c)?.priceDisplay === 'public')
      : valuation.comparables;
  return picked
    .slice(0, VALUATION_COMPARABLES[product])
    .map((c) => comparableOf(c, shown(c), product !== 'free-comps'));
}

export interface ContentInput {
  product: TValuationProduct;
  address: string;
  position: { lat: number; lng: number };
  facts: TPropertyFacts;
  result: Valuation | NotValued;
  displays: Map<number, SaleDisplay>;
  trend: TTrendMonth[];
  accuracy: TAccuracy[];
  disclaimer: { fixed: string; text: string };
}

/** A report's content, frozen when it is made. */
export function reportContent(input: ContentInput): ReportContent {
  const { product, result } = input;
  const comparables = result.ok ? comparablesFor(product, result, input.displays) : [];
  const notValued = !result.ok
    ? notValuedText(result.reason)
    : product === 'free-comps' && comparables.length === 0
      ? VALUATION_TEXTS.noPublicComparables
      : null;
  const attributions = [...new Set(comparables.map((c) => c.attribution).filter(Boolean))];
  return {
    address: input.address,
    position: input.position,
    facts: input.facts,
    notValued,
    estimate:
      result.ok && product === 'home-value-report'
        ? {
            value: result.estimate,
            low: result.low,
            high: result.high,
            grade: result.grade,
            gradeMeaning: GRADE_MEANINGS[result.grade],
          }
        : null,
    comparables: notValued ? [] : comparables,
    trend: product === 'free-comps' ? [] : input.trend,
    accuracy: product === 'home-value-report' ? input.accuracy : [],
    attributions,
    disclaimer: input.disclaimer,
  };
}
