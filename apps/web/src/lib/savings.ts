/**
 * The savings calculator (issue 45, docs/decisions/079): the listing side of a percentage
 * commission against our flat fee. Money is integer cents, rates are basis points (2.5 % = 250).
 * The page reads and checks the form with it on the server (savings-query.ts adds the zod schema)
 * and its script in the browser, so both say the same; it imports nothing, to stay a few KB there.
 */

/** What the rate field starts at: 2.5 %, just under the surveyed range, so we never overstate. */
export const DEFAULT_RATE_BP = 250;

/** The typical listing-side range the calculator names, and where it comes from. */
export const TYPICAL_LISTING_RATE = {
  lowBp: 257,
  highBp: 297,
  source: 'Clever Real Estate’s survey of agents',
  url: 'https://www.listwithclever.com/average-real-estate-commission-rate/',
} as const;

/** From $10,000 to $100,000,000: below or above, a figure is more likely a typing slip. */
export const PRICE_LIMITS = { minCents: 1_000_000, maxCents: 10_000_000_000 } as const;
/** From 0.1 % to 10 %. */
export const RATE_LIMITS = { minBp: 10, maxBp: 1_000 } as const;

export type Parsed = { ok: true; value: number } | { ok: false; error: string };

const fail = (error: string): Parsed => ({ ok: false, error });

/** Whole units and up to two decimals as an integer of hundredths: '2.5' → 250, '450000' → 45000000. */
const hundredths = (whole: string, fraction = '') =>
  Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));

/** '450,000', '$450000', '450000.50' → cents. */
export function parsePrice(input: string): Parsed {
  const text = input.trim().replace(/^\$\s*/, '');
  if (text === '') return fail('Enter your home’s price.');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return fail('Enter the price in dollars, like 450,000.');
  const cents = hundredths((match[1] ?? '').replaceAll(',', ''), match[2]);
  if (cents < PRICE_LIMITS.minCents)
    return fail(`Enter a price of at least ${formatMoney(PRICE_LIMITS.minCents)}.`);
  if (cents > PRICE_LIMITS.maxCents)
    return fail(`Enter a price of ${formatMoney(PRICE_LIMITS.maxCents)} or less.`);
  return { ok: true, value: cents };
}

/** '2.5', '2.75 %', '3' → basis points. */
export function parseRate(input: string): Parsed {
  const text = input.trim().replace(/\s*%$/, '');
  if (text === '') return fail('Enter the listing commission, like 2.5.');
  const match = /^(\d{0,2})(?:\.(\d+))?$/.exec(text);
  if (!match || text === '.')
    return fail('Enter the commission as a percentage, like 2.5 for 2.5%.');
  if ((match[2] ?? '').length > 2) return fail('Enter the commission with two decimals at most.');
  const bp = hundredths(match[1] ?? '', match[2]);
  if (bp < RATE_LIMITS.minBp || bp > RATE_LIMITS.maxBp)
    return fail(
      `Enter a commission between ${formatRate(RATE_LIMITS.minBp)} and ${formatRate(RATE_LIMITS.maxBp)}.`,
    );
  return { ok: true, value: bp };
}

/** The commission on a price, rounded to the nearest cent (half a cent up). */
export function commissionCents(priceCents: number, rateBp: number): number {
  return Math.floor((priceCents * rateBp + 5_000) / 10_000);
}

export interface Comparison {
  priceCents: number;
  rateBp: number;
  commissionCents: number;
  flatFeeCents: number;
  /** The commission less the flat fee; zero or less when the flat fee is not the cheaper. */
  savingsCents: number;
}

export function compare(priceCents: number, rateBp: number, flatFeeCents: number): Comparison {
  const commission = commissionCents(priceCents, rateBp);
  return {
    priceCents,
    rateBp,
    commissionCents: commission,
    flatFeeCents,
    savingsCents: commission - flatFeeCents,
  };
}

/** What the result says while there is none: before a price, and while a field is wrong. */
export const NO_RESULT = {
  empty: 'Enter your home’s price to see the difference.',
  wrong: 'Correct the figures above to see the difference.',
} as const;

/** The result in one sentence, as the page and its script both show it. */
export function summary(result: Comparison): string {
  return result.savingsCents > 0
    ? `You would keep ${formatMoney(result.savingsCents)} more on the listing side.`
    : `At this price and rate, the commission is not more than our flat fee.`;
}

/** $11,250 or $11,250.50: cents only when there are some. */
export function formatMoney(cents: number): string {
  const whole = cents % 100 === 0;
  return (cents / 100).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  });
}

/** 250 → '2.5%', 275 → '2.75%', 300 → '3%'. */
export function formatRate(bp: number): string {
  return `${rateInput(bp)}%`;
}

/** A rate as the field shows it: 250 → '2.5'. */
export function rateInput(bp: number): string {
  return String(bp / 100);
}
