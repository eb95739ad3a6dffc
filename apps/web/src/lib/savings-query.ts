import { z } from 'zod';
import { DEFAULT_RATE_BP, type Parsed, parsePrice, parseRate, rateInput } from './savings.ts';

/** A field checked by its parser: the issue's message is the parser's, in the visitor's words. */
const field = (parse: (text: string) => Parsed) =>
  z
    .string()
    .max(40, 'That is too long for a figure.')
    .transform((text, ctx) => {
      const parsed = parse(text);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    });

/** `?price=&rate=` of the calculator's GET form. */
export const ZSavingsQuerySchema = z.object({ price: field(parsePrice), rate: field(parseRate) });

export interface SavingsQuery {
  /** What the fields show: what the visitor sent, or the default rate. */
  price: string;
  rate: string;
  /** Both figures when the form was sent and both are right. */
  values?: { priceCents: number; rateBp: number };
  errors: { price?: string; rate?: string };
}

/**
 * The calculator's form as a page's URL carries it. Without `price` the form was not sent: no
 * result and no errors. Without `rate` the default applies.
 */
export function readSavingsQuery(params: URLSearchParams): SavingsQuery {
  const price = params.get('price') ?? '';
  const rate = params.get('rate') ?? rateInput(DEFAULT_RATE_BP);
  if (!params.has('price')) return { price, rate, errors: {} };
  const parsed = ZSavingsQuerySchema.safeParse({ price, rate });
  if (parsed.success) {
    return {
      price,
      rate,
      values: { priceCents: parsed.data.price, rateBp: parsed.data.rate },
      errors: {},
    };
  }
  const errors: SavingsQuery['errors'] = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    if ((key === 'price' || key === 'rate') && !errors[key]) errors[key] = issue.message;
  }
  return { price, rate, errors };
}
