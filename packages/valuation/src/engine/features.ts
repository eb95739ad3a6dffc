import type { ClosedSale } from '../sale.ts';

/**
 * The facts a valuation may use. `customer`: what we can ask a homeowner (beds, baths, living
 * area, lot, year built, condition, position) — every figure a customer sees comes from this
 * mode. `full`: anything the sales carry (adds a county's quality grade, view, waterfront,
 * stories, basement, renovation).
 */
export type FactsMode = 'customer' | 'full';

/** The home to value, under the same RESO names as a sale. */
export type SubjectFacts = Partial<
  Pick<
    ClosedSale,
    | 'LivingArea'
    | 'LotSizeSquareFeet'
    | 'BedroomsTotal'
    | 'BathroomsTotalDecimal'
    | 'YearBuilt'
    | 'PropertyCondition'
    | 'QualityGrade'
    | 'ViewRating'
    | 'WaterfrontYN'
    | 'StoriesTotal'
    | 'BelowGradeFinishedArea'
    | 'YearRenovated'
    | 'PropertySubType'
  >
> & {
  Latitude: number;
  Longitude: number;
  /** How exactly the position places the home; a ZIP centroid is not valued. */
  positionPrecision: 'rooftop' | 'street' | 'zip' | 'pin';
};

/** An adjustment group as a customer reads it beside a comparable. */
export type AdjustmentKind =
  | 'livingArea'
  | 'lot'
  | 'age'
  | 'bedrooms'
  | 'bathrooms'
  | 'condition'
  | 'quality'
  | 'view'
  | 'waterfront'
  | 'stories'
  | 'basement'
  | 'renovation'
  | 'market'
  | 'location';

type Facts = SubjectFacts | ClosedSale;

/** One column of the model: its group, the modes it is in, and its value for a sale. */
export interface Feature {
  kind: AdjustmentKind;
  modes: readonly FactsMode[];
  /** Undefined when the home lacks the fact. `asOfYear` anchors ages. */
  value(f: Facts, asOfYear: number): number | undefined;
}

const num = (v: number | null | undefined) => (v === null || v === undefined ? undefined : v);
const BOTH: readonly FactsMode[] = ['customer', 'full'];
const FULL: readonly FactsMode[] = ['full'];

function age(f: Facts, asOfYear: number): number | undefined {
  const built = num(f.YearBuilt);
  return built === undefined ? undefined : Math.max(0, asOfYear - built) / 10;
}

/**
 * The hedonic columns, in logs where a proportional effect is the natural reading (a home twice
 * the size is not worth twice as much). Ages enter with a square: in older cities both new and
 * pre-war homes sell above mid-century ones.
 */
export const FEATURES: readonly Feature[] = [
  { kind: 'livingArea', modes: BOTH, value: (f) => log(num(f.LivingArea)) },
  {
    kind: 'lot',
    modes: BOTH,
    value: (f) =>
      log(
        num(f.LotSizeSquareFeet) === undefined
          ? undefined
          : Math.max(500, f.LotSizeSquareFeet as number),
      ),
  },
  { kind: 'age', modes: BOTH, value: age },
  {
    kind: 'age',
    modes: BOTH,
    value: (f, y) => {
      const a = age(f, y);
      return a === undefined ? undefined : a * a;
    },
  },
  { kind: 'bedrooms', modes: BOTH, value: (f) => num(f.BedroomsTotal) },
  { kind: 'bathrooms', modes: BOTH, value: (f) => num(f.BathroomsTotalDecimal) },
  { kind: 'condition', modes: BOTH, value: (f) => num(f.PropertyCondition) },
  { kind: 'quality', modes: FULL, value: (f) => num(f.QualityGrade) },
  { kind: 'view', modes: FULL, value: (f) => num(f.ViewRating) },
  {
    kind: 'waterfront',
    modes: FULL,
    value: (f) =>
      f.WaterfrontYN === null || f.WaterfrontYN === undefined ? undefined : f.WaterfrontYN ? 1 : 0,
  },
  { kind: 'stories', modes: FULL, value: (f) => num(f.StoriesTotal) },
  {
    kind: 'basement',
    modes: FULL,
    value: (f) => {
      const below = num(f.BelowGradeFinishedArea);
      const area = num(f.LivingArea);
      return below === undefined || !area ? undefined : below / area;
    },
  },
  {
    kind: 'renovation',
    modes: FULL,
    value: (f, y) => {
      if (f.YearRenovated === undefined) return undefined;
      return f.YearRenovated !== null && y - f.YearRenovated <= 30 ? 1 : 0;
    },
  },
];

function log(v: number | undefined): number | undefined {
  return v === undefined || v <= 0 ? undefined : Math.log(v);
}
