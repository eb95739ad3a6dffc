import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { COVERAGE_STATE_CODES } from './coverage.ts';
import { REPORT_TEXTS, ZDaySchema } from './reports.ts';
import { pageSchema, ZListQuerySchema } from './table.ts';

/**
 * Marketing lists (issue 23): owners, properties and orders, filtered for a campaign. A person
 * is opted in when their newsletter subscription is confirmed or they said yes to news and offers
 * (promotions) in sign-up or Account Settings; CSV exports hold only opted-in people, whatever
 * the filters say (docs/decisions/033).
 */
export const MARKETING_LISTS = ['owners', 'properties', 'orders'] as const;
export type TMarketingList = (typeof MARKETING_LISTS)[number];

export const MARKETING_OPT_INS = ['all', 'opted-in', 'newsletter', 'promotions', 'none'] as const;
export type TMarketingOptIn = (typeof MARKETING_OPT_INS)[number];

export const MARKETING_TEXTS = {
  state: 'Choose one of the 50 states or DC.',
  county: 'Keep the county name under 80 characters.',
  service: 'Choose a product from the list.',
  exportNote: 'Exports hold only people who opted in to the newsletter or to news and offers.',
  exportNone: 'Nobody in a list of people who did not opt in may be exported.',
} as const;

const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || q.from <= q.to;

const ZMarketingFiltersSchema = ZListQuerySchema.extend({
  sort: z.enum(['created']).default('created'),
  state: singleLineText()
    .trim()
    .toUpperCase()
    .refine((s) => COVERAGE_STATE_CODES.has(s), { error: MARKETING_TEXTS.state })
    .optional(),
  county: singleLineText().trim().max(80, MARKETING_TEXTS.county).optional(),
  service: singleLineText().trim().max(80, MARKETING_TEXTS.service).optional(),
  from: ZDaySchema.optional(),
  to: ZDaySchema.optional(),
  optIn: z.enum(MARKETING_OPT_INS).default('all'),
});

/** The filters every marketing list takes (each list's date is its own: joined, added, ordered). */
export const ZMarketingQuerySchema = ZMarketingFiltersSchema.refine(fromNotAfterTo, {
  path: ['to'],
  error: REPORT_TEXTS.dayFromAfterTo,
});
export type TMarketingQuery = z.output<typeof ZMarketingQuerySchema>;

/** The same filters for a CSV export, which streams every row (no page size or cursor). */
export const ZMarketingExportQuerySchema = ZMarketingFiltersSchema.omit({
  limit: true,
  cursor: true,
}).refine(fromNotAfterTo, { path: ['to'], error: REPORT_TEXTS.dayFromAfterTo });

const ZOptInsSchema = z.object({ newsletter: z.boolean(), promotions: z.boolean() });

export const ZMarketingOwnerRowSchema = z.object({
  hash: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  properties: z.number().int().nonnegative(),
  orders: z.number().int().nonnegative(),
  optIns: ZOptInsSchema,
  createdAt: z.string(),
});
export type TMarketingOwnerRow = z.infer<typeof ZMarketingOwnerRowSchema>;

/** A property and its first owner (seller or landlord), whose opt-ins decide the export. */
export const ZMarketingPropertyRowSchema = z.object({
  hash: z.string(),
  address: z.string(),
  city: z.string(),
  county: z.string().nullable(),
  state: z.string(),
  zipCode: z.string(),
  owner: z.object({ email: z.string(), name: z.string().nullable(), optIns: ZOptInsSchema }),
  orders: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type TMarketingPropertyRow = z.infer<typeof ZMarketingPropertyRowSchema>;

export const ZMarketingOrderRowSchema = z.object({
  hash: z.string(),
  product: z.object({ slug: z.string(), name: z.string() }),
  status: z.string(),
  priceCents: z.number().int().nullable(),
  address: z.string(),
  city: z.string(),
  county: z.string().nullable(),
  state: z.string(),
  customer: z.object({ email: z.string(), name: z.string().nullable(), optIns: ZOptInsSchema }),
  createdAt: z.string(),
});
export type TMarketingOrderRow = z.infer<typeof ZMarketingOrderRowSchema>;

export const ZMarketingOwnersPageSchema = pageSchema(ZMarketingOwnerRowSchema);
export const ZMarketingPropertiesPageSchema = pageSchema(ZMarketingPropertyRowSchema);
export const ZMarketingOrdersPageSchema = pageSchema(ZMarketingOrderRowSchema);
