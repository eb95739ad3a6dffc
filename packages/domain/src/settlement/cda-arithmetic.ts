import { formatCents } from '../orders/money.ts';

/**
 * The commission disbursement authorisation's arithmetic (issue 24, docs/decisions/049): every
 * amount is whole cents, the payees' amounts add up to the commission exactly, and nothing is
 * big enough to leave the integers JavaScript and PostgreSQL's bigint hold exactly.
 */

/** The largest commission or payee amount taken: $100,000,000.00. */
export const CDA_MAX_CENTS = 10_000_000_000;
/** The largest sale price taken: $1,000,000,000.00 (times a rate in basis points stays exact). */
export const SALE_PRICE_MAX_CENTS = 100_000_000_000;
/** Payees on one authorisation. */
export const CDA_MAX_PAYEES = 12;
/** A commission rate is at most 100% (10,000 basis points). */
export const RATE_MAX_BASIS_POINTS = 10_000;

export const CDA_ARITHMETIC_TEXTS = {
  commissionWhole: 'Enter the commission in dollars and cents.',
  commissionPositive: 'Enter a commission above $0.00.',
  commissionTooLarge: `A commission is at most ${formatCents(CDA_MAX_CENTS)}.`,
  amountWhole: 'Enter the amount in dollars and cents.',
  amountPositive: 'Enter an amount above $0.00, or remove this payee.',
  amountTooLarge: `An amount is at most ${formatCents(CDA_MAX_CENTS)}.`,
  noPayees: 'Add at least one payee.',
  tooManyPayees: `An authorisation has at most ${CDA_MAX_PAYEES} payees.`,
  short: (total: string, gap: string, commission: string) =>
    `The payees add up to ${total}, ${gap} less than the commission of ${commission}. Every cent of the commission must go to a payee.`,
  over: (total: string, gap: string, commission: string) =>
    `The payees add up to ${total}, ${gap} more than the commission of ${commission}.`,
} as const;

const isWholeCents = (n: number) => Number.isSafeInteger(n);

/** Why an amount in cents is not one we take (null when it is). */
export function amountProblem(cents: number, kind: 'commission' | 'amount'): string | null {
  const t = CDA_ARITHMETIC_TEXTS;
  const commission = kind === 'commission';
  if (!isWholeCents(cents)) return commission ? t.commissionWhole : t.amountWhole;
  if (cents <= 0) return commission ? t.commissionPositive : t.amountPositive;
  if (cents > CDA_MAX_CENTS) return commission ? t.commissionTooLarge : t.amountTooLarge;
  return null;
}

export interface CdaCheck {
  ok: boolean;
  /** The payees' amounts added up (only amounts that are themselves valid). */
  totalCents: number;
  /** Commission minus total: positive when short, negative when over. */
  differenceCents: number;
  /** Field path (`commissionCents`, `payees`, `payees.2.amountCents`) → the words to show. */
  errors: Record<string, string[]>;
}

/**
 * Check a commission and its payees: each amount whole cents above zero and within bounds, one
 * to twelve payees, and the amounts adding up to the commission exactly — short or over by a
 * cent is refused with how much.
 */
export function checkCdaAmounts(
  commissionCents: number,
  payees: ReadonlyArray<{ amountCents: number }>,
): CdaCheck {
  const errors: Record<string, string[]> = {};
  const add = (path: string, text: string) => {
    errors[path] = [...(errors[path] ?? []), text];
  };
  const commissionIssue = amountProblem(commissionCents, 'commission');
  if (commissionIssue) add('commissionCents', commissionIssue);
  if (payees.length === 0) add('payees', CDA_ARITHMETIC_TEXTS.noPayees);
  if (payees.length > CDA_MAX_PAYEES) add('payees', CDA_ARITHMETIC_TEXTS.tooManyPayees);
  let total = 0;
  let amountsValid = true;
  payees.forEach((p, i) => {
    const issue = amountProblem(p.amountCents, 'amount');
    if (issue) {
      amountsValid = false;
      add(`payees.${i}.amountCents`, issue);
    } else total += p.amountCents;
  });
  const difference = isWholeCents(commissionCents) ? commissionCents - total : 0;
  if (!commissionIssue && amountsValid && payees.length > 0 && difference !== 0) {
    const words = difference > 0 ? CDA_ARITHMETIC_TEXTS.short : CDA_ARITHMETIC_TEXTS.over;
    add(
      'payees',
      words(formatCents(total), formatCents(Math.abs(difference)), formatCents(commissionCents)),
    );
  }
  return {
    ok: Object.keys(errors).length === 0,
    totalCents: total,
    differenceCents: difference,
    errors,
  };
}

/**
 * A commission from a sale price and a rate in basis points (2.5% = 250), rounded to the nearest
 * cent, half a cent up. Exact: price × rate stays under 2^53 within the bounds above.
 */
export function commissionFromRate(salePriceCents: number, rateBasisPoints: number): number {
  if (!isWholeCents(salePriceCents) || salePriceCents < 0 || salePriceCents > SALE_PRICE_MAX_CENTS)
    throw new RangeError('sale price out of range');
  if (
    !isWholeCents(rateBasisPoints) ||
    rateBasisPoints < 0 ||
    rateBasisPoints > RATE_MAX_BASIS_POINTS
  )
    throw new RangeError('rate out of range');
  return Math.floor((salePriceCents * rateBasisPoints + 5_000) / 10_000);
}

/**
 * Split a total into parts by shares (any positive whole numbers, e.g. basis points 7000/3000 or
 * thirds 1/1/1) so the parts add up to the total exactly: each part is rounded down, and the cents
 * left over go one each to the largest remainders (the earlier share on a tie).
 */
export function splitByShares(totalCents: number, shares: readonly number[]): number[] {
  if (!isWholeCents(totalCents) || totalCents < 0 || totalCents > CDA_MAX_CENTS)
    throw new RangeError('total out of range');
  if (shares.length === 0 || shares.some((s) => !isWholeCents(s) || s <= 0 || s > 1_000_000))
    throw new RangeError('shares must be whole numbers from 1 to 1,000,000');
  const sum = shares.reduce((a, b) => a + b, 0);
  // totalCents × share ≤ 10^10 × 10^6 = 10^16 would pass 2^53; BigInt keeps it exact.
  const parts = shares.map((s) => {
    const scaled = BigInt(totalCents) * BigInt(s);
    return { floor: Number(scaled / BigInt(sum)), remainder: Number(scaled % BigInt(sum)) };
  });
  let left = totalCents - parts.reduce((a, p) => a + p.floor, 0);
  const order = parts.map((p, i) => ({ i, r: p.remainder })).sort((a, b) => b.r - a.r || a.i - b.i);
  const out = parts.map((p) => p.floor);
  for (const { i } of order) {
    if (left === 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left -= 1;
  }
  return out;
}

/**
 * Dollars as people type them ("$1,234.56", "1234.5", "15000") to cents, read as text so no
 * binary fraction creeps in; null for anything else (three decimals, letters, a minus sign).
 */
export function dollarsToCents(text: string): number | null {
  const m = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const whole = Number((m[1] ?? '').replaceAll(',', ''));
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** Cents as the dollars a form shows: 150000 → "1500.00". */
export const centsToDollars = (cents: number) =>
  `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
