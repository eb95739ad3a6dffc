import { todayUtc } from '@lantern/domain';
import { z } from 'zod';
import { MAX_RATE_THOUSANDTHS } from '../listings/monthly-payment.ts';
import { singleLineText } from '../text.ts';
import { isCalendarDay } from './reports.ts';
import { isHttpsUrl } from './site-trust.ts';

/**
 * Admin → Mortgage rate (issue 47; docs/decisions/090-monthly-payment-estimate.md): the rate the
 * payment estimate of a listing's page starts from, with the day it is of and who published it.
 * Staff copy it from a published source; the site never makes one up, and shows no estimate
 * until a rate is set.
 */
export const MORTGAGE_RATE_TEXTS = {
  rate: 'Enter the rate as a percent above 0 and at most 20, with up to three decimals, like 6.875.',
  asOf: 'Enter the day the rate is of: a real date, today or earlier.',
  source: 'Enter who published the rate, up to 120 characters.',
  sourceUrl: 'Enter the address of the source, starting with https://, or leave it empty.',
} as const;

/** The rate's date: a real day, today or before (UTC's today, which no US clock is ahead of). */
const asOf = singleLineText({ error: MORTGAGE_RATE_TEXTS.asOf })
  .trim()
  .refine((d) => isCalendarDay(d) && d <= todayUtc(), MORTGAGE_RATE_TEXTS.asOf);

/** POST /api/admin/mortgage-rates: a new current rate. */
export const ZMortgageRateRequestSchema = z.object({
  /** Thousandths of a percent: 6875 is 6.875 %. */
  rateThousandths: z
    .number({ error: MORTGAGE_RATE_TEXTS.rate })
    .int(MORTGAGE_RATE_TEXTS.rate)
    .min(1, MORTGAGE_RATE_TEXTS.rate)
    .max(MAX_RATE_THOUSANDTHS, MORTGAGE_RATE_TEXTS.rate),
  /** YYYY-MM-DD. */
  asOf,
  source: singleLineText({ error: MORTGAGE_RATE_TEXTS.source })
    .trim()
    .min(1, MORTGAGE_RATE_TEXTS.source)
    .max(120, MORTGAGE_RATE_TEXTS.source),
  /** An https address of the source; empty or left out when it has none. */
  sourceUrl: singleLineText({ error: MORTGAGE_RATE_TEXTS.sourceUrl })
    .trim()
    .max(2000, MORTGAGE_RATE_TEXTS.sourceUrl)
    .refine((s) => s === '' || isHttpsUrl(s), MORTGAGE_RATE_TEXTS.sourceUrl)
    .nullish()
    .transform((s) => s || null),
});
export type TMortgageRateRequest = z.input<typeof ZMortgageRateRequestSchema>;

export const ZMortgageRateSchema = z.object({
  id: z.number().int(),
  rateThousandths: z.number().int(),
  asOf: z.string(),
  source: z.string(),
  sourceUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Who set it; null once that account is gone. */
  setBy: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
});
export type TMortgageRate = z.infer<typeof ZMortgageRateSchema>;

/** How many earlier rates the admin page lists. */
export const MORTGAGE_RATE_HISTORY = 50;

/** GET /api/admin/mortgage-rates: the current rate (null until one is set) and earlier ones. */
export const ZMortgageRatesAdminSchema = z.object({
  current: ZMortgageRateSchema.nullable(),
  /** Newest first, at most MORTGAGE_RATE_HISTORY. */
  earlier: z.array(ZMortgageRateSchema),
});
export type TMortgageRatesAdmin = z.infer<typeof ZMortgageRatesAdminSchema>;
