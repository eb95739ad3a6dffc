import { z } from 'zod';

export const TAX_TEXTS = {
  rate: 'Enter a rate from 0% to 100%, to two decimal places (6.25).',
  state: 'Choose one of the 50 states or DC.',
} as const;

export const ZTaxRateSchema = z.object({
  /** USPS code of a state or DC. */
  state: z.string(),
  stateName: z.string(),
  /** 625 = 6.25%; 0 where no rate was set. */
  rateBasisPoints: z.number().int(),
  /** When staff last set it; null if never. */
  updatedAt: z.string().nullable(),
});
export type TTaxRate = z.infer<typeof ZTaxRateSchema>;

/** GET /api/admin/tax-rates: every state and DC, by name. */
export const ZTaxRatesResponseSchema = z.object({ rates: z.array(ZTaxRateSchema) });

export const ZTaxRateParamsSchema = z.object({
  state: z
    .string()
    .regex(/^[A-Za-z]{2}$/, TAX_TEXTS.state)
    .transform((s) => s.toUpperCase()),
});

/** PUT /api/admin/tax-rates/{state}: the sales tax on our services there, in basis points. */
export const ZUpdateTaxRateRequestSchema = z.object({
  rateBasisPoints: z
    .number({ error: TAX_TEXTS.rate })
    .int(TAX_TEXTS.rate)
    .min(0, TAX_TEXTS.rate)
    .max(10_000, TAX_TEXTS.rate),
});
export type TUpdateTaxRateRequest = z.infer<typeof ZUpdateTaxRateRequestSchema>;
