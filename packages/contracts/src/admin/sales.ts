import { z } from 'zod';
import { singleLineText } from '../text.ts';

/**
 * Closed sales for valuations (issue 37; docs/decisions/058 and 059): the staff's imports of
 * sales files, the display rights every sale carries, and the coverage rule.
 */
export const SALE_PRICE_DISPLAY_OPTIONS = ['public', 'model_only'] as const;
export const ZSalePriceDisplaySchema = z.enum(SALE_PRICE_DISPLAY_OPTIONS, {
  error: 'Choose whether the prices may be shown to customers.',
});
export type TSalePriceDisplay = z.infer<typeof ZSalePriceDisplaySchema>;

export const SALE_PRICE_DISPLAY_LABELS: Record<TSalePriceDisplay, string> = {
  public: 'Prices may be shown to customers (with the credit line)',
  model_only: 'Prices only feed the valuation model, never shown',
};

export const SALES_TEXTS = {
  title: 'Sales data',
  attribution: 'Enter the credit line the source asks for (at most 300 characters).',
  name: 'Name the source in letters, digits, dots, dashes or underscores (at most 60).',
  noFile: 'Choose a CSV file of closed sales.',
  tooLarge: (mb: number) => `The file is larger than ${mb} MB. Split it and import each part.`,
  notFound: 'There is no such import.',
  refusedLines: (n: number) =>
    `${n.toLocaleString('en-US')} ${n === 1 ? 'line was' : 'lines were'} refused, so nothing was stored. Correct ${n === 1 ? 'it' : 'them'} and import the file again.`,
  consent: 'Show the sale price to other Lantern customers',
  consentHint:
    'Without this, the price is used only to estimate the value of nearby homes and is never shown.',
} as const;

/** Largest upload; the command line has no limit. */
export const SALES_IMPORT_MAX_MB = 200;
/** How many refused lines an import keeps, with their reasons (the count is always whole). */
export const SALES_IMPORT_REFUSALS_KEPT = 100;

export const SALES_IMPORT_STATUS_OPTIONS = [
  'queued',
  'checking',
  'storing',
  'done',
  'refused',
  'failed',
] as const;
export const ZSalesImportStatusSchema = z.enum(SALES_IMPORT_STATUS_OPTIONS);
export type TSalesImportStatus = z.infer<typeof ZSalesImportStatusSchema>;
export const SALES_IMPORT_FINISHED: readonly TSalesImportStatus[] = ['done', 'refused', 'failed'];

/** POST /api/admin/sales-imports: the form's choices ride in the query, the file is multipart. */
export const ZSalesImportQuerySchema = z.object({
  /** The source's name; the sales are stored under `file:<name>` (default: the file's name). */
  name: singleLineText({ error: SALES_TEXTS.name })
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,60}$/, SALES_TEXTS.name)
    .optional(),
  attribution: singleLineText({ error: SALES_TEXTS.attribution })
    .trim()
    .min(1, SALES_TEXTS.attribution)
    .max(300, SALES_TEXTS.attribution),
  priceDisplay: ZSalePriceDisplaySchema,
});
export type TSalesImportQuery = z.infer<typeof ZSalesImportQuerySchema>;

export const ZSalesImportParamsSchema = z.object({
  hash: singleLineText().min(1).max(64),
});

export const ZSalesImportRefusalSchema = z.object({ line: z.number().int(), reason: z.string() });

export const ZSalesImportSchema = z.object({
  hash: z.string(),
  source: z.string(),
  fileName: z.string(),
  attribution: z.string(),
  priceDisplay: ZSalePriceDisplaySchema,
  status: ZSalesImportStatusSchema,
  linesRead: z.number().int(),
  stored: z.number().int(),
  alreadyStored: z.number().int(),
  refused: z.number().int(),
  /** The first refused lines with their reasons. */
  refusals: z.array(ZSalesImportRefusalSchema),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TSalesImport = z.infer<typeof ZSalesImportSchema>;

export const ZSalesImportsResponseSchema = z.object({
  imports: z.array(ZSalesImportSchema),
  /** Sales in the store by source. */
  sources: z.array(
    z.object({ source: z.string(), sales: z.number().int(), newest: z.string().nullable() }),
  ),
});
export type TSalesImportsResponse = z.infer<typeof ZSalesImportsResponseSchema>;

/**
 * The coverage rule (docs/decisions/059): a valuation product is offered for a home when the
 * area around it — its grid cell and the eight around it — holds at least `minSales` sales that
 * closed in the last 12 months and the newest of them is at most 12 months old. The same test on
 * a ZIP's counts is what Admin → Sales data reports. The engine still decides per request whether
 * it can value the home.
 */
export const SALES_COVERAGE_RULE = { minSales: 10, maxAgeDays: 365 } as const;

export interface SalesCoverage {
  postalCode: string;
  stateOrProvince: string | null;
  sales12m: number;
  newestCloseDate: string | null;
  updatedAt: string;
}

/** Recent sales counted over a ZIP or a home's nearby area. */
export interface SalesCount {
  sales12m: number;
  newestCloseDate: string | null;
}

/** Whether these counts pass the rule on `today` ('YYYY-MM-DD'). */
export function salesCoverageOffers(coverage: SalesCount | undefined, today: string): boolean {
  if (!coverage?.newestCloseDate) return false;
  const ageDays =
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${coverage.newestCloseDate}T00:00:00Z`)) /
    86_400_000;
  return (
    coverage.sales12m >= SALES_COVERAGE_RULE.minSales && ageDays <= SALES_COVERAGE_RULE.maxAgeDays
  );
}
