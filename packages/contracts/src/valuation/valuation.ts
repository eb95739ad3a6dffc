import { z } from 'zod';
import { ZPropertyHashSchema } from '../dashboard/property-hash.ts';
import { singleLineText } from '../text.ts';

/**
 * The valuation products (issue 38; docs/decisions/063): Free Comps, the Comps Report and the
 * Home Value Report, made from the closed-sales store by the valuation engine. Every figure is an
 * automated estimate from `customer` facts; a comparable's price is shown only where its source
 * allows it.
 */
export const VALUATION_PRODUCTS = ['free-comps', 'comps', 'home-value-report'] as const;
export type TValuationProduct = (typeof VALUATION_PRODUCTS)[number];
export const isValuationProduct = (slug: string): slug is TValuationProduct =>
  (VALUATION_PRODUCTS as readonly string[]).includes(slug);

/** How many comparables each product shows (the engine's options follow). */
export const VALUATION_COMPARABLES: Record<TValuationProduct, number> = {
  'free-comps': 8,
  comps: 15,
  'home-value-report': 15,
};

/** What each adjustment is, in words (the engine's adjustment kinds). */
export const ADJUSTMENT_LABELS: Record<string, string> = {
  livingArea: 'Living area',
  lot: 'Lot size',
  age: 'Age',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  condition: 'Condition',
  quality: 'Construction quality',
  view: 'View',
  waterfront: 'Waterfront',
  stories: 'Stories',
  basement: 'Basement',
  renovation: 'Renovation',
  market: 'Market since the sale',
  location: 'Location',
};

/** What each confidence grade means (docs/decisions/060: the range's half-width). */
export const GRADE_MEANINGS = {
  A: 'A: the comparables agree closely (range within about ±9 %)',
  B: 'B: the comparables agree fairly well (range within about ±16 %)',
  C: 'C: the comparables differ widely; treat the figure with caution',
} as const;

/** A paid report may be made again, from corrected facts, this many times. */
export const VALUATION_REGENERATIONS = 1;

export const VALUATION_CONDITIONS = {
  1: 'Poor: needs major repairs',
  2: 'Fair: needs some repairs',
  3: 'Average: lived-in, nothing urgent',
  4: 'Good: well kept, some updates',
  5: 'Excellent: updated throughout',
} as const;

export const VALUATION_TEXTS = {
  pageTitle: 'Valuation',
  factsTitle: 'Your home’s facts',
  factsHint:
    'Estimates use these facts. Correct anything we have wrong; a paid report can be made again once from corrected facts.',
  bedrooms: 'Enter the number of bedrooms as a whole number from 0 to 30.',
  bathrooms: 'Enter the bathrooms from 0 to 30, counting a half bath as .5 (for example 2.5).',
  livingArea: 'Enter the finished living area in square feet, from 200 to 30,000.',
  lotSize: 'Enter the lot size in square feet, from 0 to 50,000,000.',
  yearBuilt: (max: number) => `Enter the year the home was built, from 1700 to ${max}.`,
  condition: 'Choose the home’s condition from the list.',
  factsSaved: 'Your home’s facts are saved.',
  needsLivingArea: 'Enter the home’s living area first: every estimate starts from its size.',
  notOfferedPosition:
    'We can value a home only from its street address. This property is placed only roughly (by its ZIP code), so valuations are not offered for it. Correct its address on Update Property.',
  notOfferedCoverage:
    'We do not have enough recent sales near this home to value it: we need at least 10 sales in the last 12 months within a few miles. Valuations are not offered here yet.',
  notOfferedPlacement:
    'We are still placing this property on the map. Valuations are offered once we know where it is.',
  notEnoughSales: 'Not enough recent sales near this home to make an estimate.',
  noPublicComparables:
    'The recent sales near this home come from sources that do not let us show their prices, so there are no comparables we may list. A paid report still uses them.',
  undeliverableAlert: (product: string) =>
    `The ${product} could not be made when it was paid for (not enough recent sales near the home any more), so the payment was refunded automatically.`,
  preparing:
    'Your report is being prepared. It usually takes under a minute; we will email you a link.',
  refunded:
    'We could no longer make this report when it was due, so your payment was refunded in full.',
  regenerateUsed: 'This report has already been made again once from corrected facts.',
  regenerateNotReady: 'This report is not ready yet, so it cannot be made again.',
  reportNotFound: 'There is no such report.',
  documentsTitle: 'Valuation reports',
  documentsHint:
    'The reports we made for this property, each version as a PDF. They are automated estimates from recorded sales.',
  documentsLink: 'Read them on the Valuation page',
  priceWithheld: 'Price not shown (its source allows its use in estimates only)',
} as const;

const currentYear = () => new Date().getUTCFullYear();

/** The facts a homeowner can give (the engine's `customer` mode); null = not given. */
export const ZPropertyFactsSchema = z.object({
  bedrooms: z
    .number({ error: VALUATION_TEXTS.bedrooms })
    .int(VALUATION_TEXTS.bedrooms)
    .min(0, VALUATION_TEXTS.bedrooms)
    .max(30, VALUATION_TEXTS.bedrooms)
    .nullable(),
  bathrooms: z
    .number({ error: VALUATION_TEXTS.bathrooms })
    .min(0, VALUATION_TEXTS.bathrooms)
    .max(30, VALUATION_TEXTS.bathrooms)
    .refine((n) => Number.isInteger(n * 2), VALUATION_TEXTS.bathrooms)
    .nullable(),
  livingArea: z
    .number({ error: VALUATION_TEXTS.livingArea })
    .int(VALUATION_TEXTS.livingArea)
    .min(200, VALUATION_TEXTS.livingArea)
    .max(30_000, VALUATION_TEXTS.livingArea)
    .nullable(),
  lotSizeSquareFeet: z
    .number({ error: VALUATION_TEXTS.lotSize })
    .int(VALUATION_TEXTS.lotSize)
    .min(0, VALUATION_TEXTS.lotSize)
    .max(50_000_000, VALUATION_TEXTS.lotSize)
    .nullable(),
  yearBuilt: z
    .number({ error: VALUATION_TEXTS.yearBuilt(currentYear() + 1) })
    .int(VALUATION_TEXTS.yearBuilt(currentYear() + 1))
    .min(1700, VALUATION_TEXTS.yearBuilt(currentYear() + 1))
    .refine((y) => y <= currentYear() + 1, {
      error: () => VALUATION_TEXTS.yearBuilt(currentYear() + 1),
    })
    .nullable(),
  condition: z
    .number({ error: VALUATION_TEXTS.condition })
    .int(VALUATION_TEXTS.condition)
    .min(1, VALUATION_TEXTS.condition)
    .max(5, VALUATION_TEXTS.condition)
    .nullable(),
});
export type TPropertyFacts = z.infer<typeof ZPropertyFactsSchema>;

export const EMPTY_PROPERTY_FACTS: TPropertyFacts = {
  bedrooms: null,
  bathrooms: null,
  livingArea: null,
  lotSizeSquareFeet: null,
  yearBuilt: null,
  condition: null,
};

/** PUT /api/dashboard/valuation/facts */
export const ZPropertyFactsRequestSchema = z.object({
  property: ZPropertyHashSchema,
  facts: ZPropertyFactsSchema,
});
export type TPropertyFactsRequest = z.infer<typeof ZPropertyFactsRequestSchema>;

/** Why valuations are not offered for a property (null: they are). */
export const ZValuationUnofferedSchema = z.enum(['placement', 'position', 'coverage']).nullable();
export type TValuationUnoffered = z.infer<typeof ZValuationUnofferedSchema>;

export const VALUATION_REPORT_STATUSES = ['preparing', 'ready', 'not_valued', 'refunded'] as const;
export const ZValuationReportStatusSchema = z.enum(VALUATION_REPORT_STATUSES);
export type TValuationReportStatus = z.infer<typeof ZValuationReportStatusSchema>;

/** One version of a report, as listed on the Valuation page. */
export const ZValuationReportSummarySchema = z.object({
  hash: z.string(),
  product: z.enum(VALUATION_PRODUCTS),
  productName: z.string(),
  order: z.string(),
  version: z.number().int(),
  status: ZValuationReportStatusSchema,
  createdAt: z.string(),
  /** The newest sale the report used. */
  asOf: z.string().nullable(),
  /** Whether a PDF can be downloaded (paid reports, once ready). */
  pdf: z.boolean(),
  /** Whether this (latest) version may still be made again from corrected facts. */
  canRegenerate: z.boolean(),
});
export type TValuationReportSummary = z.infer<typeof ZValuationReportSummarySchema>;

/** GET /api/dashboard/valuation?property= */
export const ZValuationPageSchema = z.object({
  facts: ZPropertyFactsSchema,
  factsUpdatedAt: z.string().nullable(),
  unoffered: ZValuationUnofferedSchema,
  reports: z.array(ZValuationReportSummarySchema),
});
export type TValuationPage = z.infer<typeof ZValuationPageSchema>;

export const ZAdjustmentLineSchema = z.object({ label: z.string(), dollars: z.number().int() });

/** A comparable as a customer sees it: its price and adjustments only where its source allows. */
export const ZValuationComparableSchema = z.object({
  /** Street address when the source carries one, else its parcel number, in words. */
  place: z.string(),
  lat: z.number(),
  lng: z.number(),
  distanceMiles: z.number(),
  closeDate: z.string(),
  /** Null: withheld (its source lets us use it in estimates only). */
  price: z.number().int().nullable(),
  pricePerSqft: z.number().int().nullable(),
  bedrooms: z.number().nullable(),
  bathrooms: z.number().nullable(),
  livingArea: z.number().nullable(),
  lotSizeSquareFeet: z.number().nullable(),
  yearBuilt: z.number().nullable(),
  /** Reports only; null for Free Comps or when the price is withheld. */
  adjustments: z.array(ZAdjustmentLineSchema).nullable(),
  adjustedPrice: z.number().int().nullable(),
  attribution: z.string(),
});
export type TValuationComparable = z.infer<typeof ZValuationComparableSchema>;

export const ZTrendMonthSchema = z.object({
  month: z.string(),
  sales: z.number().int(),
  medianPricePerSqft: z.number().int().nullable(),
});
export type TTrendMonth = z.infer<typeof ZTrendMonthSchema>;

export const ZAccuracySchema = z.object({
  /** What was measured: "within 3 miles" or the price tier. */
  label: z.string(),
  sales: z.number().int(),
  /** Median absolute error, a fraction of the sale price. */
  medianError: z.number(),
  within10: z.number(),
});
export type TAccuracy = z.infer<typeof ZAccuracySchema>;

/** GET /api/dashboard/valuation/reports/:hash — what a report delivers. */
export const ZValuationReportSchema = ZValuationReportSummarySchema.extend({
  address: z.string(),
  position: z.object({ lat: z.number(), lng: z.number() }),
  facts: ZPropertyFactsSchema,
  /** Why no figure could be made (status not_valued), in words. */
  notValued: z.string().nullable(),
  estimate: z
    .object({
      value: z.number().int(),
      low: z.number().int(),
      high: z.number().int(),
      grade: z.enum(['A', 'B', 'C']),
      gradeMeaning: z.string(),
    })
    .nullable(),
  comparables: z.array(ZValuationComparableSchema),
  /** The area's price per square foot by month (reports). */
  trend: z.array(ZTrendMonthSchema),
  /** How accurate estimates have been here (Home Value Report). */
  accuracy: z.array(ZAccuracySchema),
  attributions: z.array(z.string()),
  disclaimer: z.object({ fixed: z.string(), text: z.string() }),
});
export type TValuationReport = z.infer<typeof ZValuationReportSchema>;

export const ZValuationReportParamsSchema = z.object({
  hash: singleLineText().min(1).max(64),
});

export const ZValuationRegenerateResponseSchema = z.object({
  report: ZValuationReportSummarySchema,
});

/** The dashboard's valuation endpoints. */
export const VALUATION_API = {
  /** GET ?property= → TValuationPage */
  page: '/api/dashboard/valuation',
  /** PUT {property, facts} → TValuationPage */
  facts: '/api/dashboard/valuation/facts',
  /** GET → TValuationReport */
  report: (hash: string) => `/api/dashboard/valuation/reports/${encodeURIComponent(hash)}`,
  /** GET → the report's PDF (only when its summary says `pdf`). */
  pdf: (hash: string) => `/api/dashboard/valuation/reports/${encodeURIComponent(hash)}/pdf`,
  /** POST → 201 {report}; 409 {message} when it may not be made again. */
  regenerate: (hash: string) =>
    `/api/dashboard/valuation/reports/${encodeURIComponent(hash)}/regenerate`,
} as const;

/** A report version's status, in a word or two (the list of reports). */
export const VALUATION_STATUS_LABELS: Record<TValuationReportStatus, string> = {
  preparing: 'Being prepared',
  ready: 'Ready',
  not_valued: 'No estimate',
  refunded: 'Refunded',
};

/** The labels of the facts form, by the fact's name. */
export const PROPERTY_FACT_LABELS: Record<keyof TPropertyFacts, string> = {
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  livingArea: 'Living area (sq ft)',
  lotSizeSquareFeet: 'Lot size (sq ft)',
  yearBuilt: 'Year built',
  condition: 'Condition',
};
