/**
 * The monthly payment estimate of a listing's page (issue 47; docs/decisions/090): principal and
 * interest by the standard amortization formula, plus a twelfth of the yearly property tax and
 * home insurance. Money is integer cents, rates are thousandths of a percent (6.875 % is 6875),
 * a down payment is basis points of the price (20 % is 2000). The page renders the figure on the
 * server and its script recomputes it in the browser with these same functions, so the two cannot
 * differ; the module imports nothing, so the browser carries only this.
 */

/** The loan terms a visitor may choose, in years; the first is the default. */
export const PAYMENT_TERMS = [30, 15] as const;
export type TPaymentTerm = (typeof PAYMENT_TERMS)[number];

/** The highest rate staff or a visitor may enter: 20 %, in thousandths of a percent. */
export const MAX_RATE_THOUSANDTHS = 20_000;
/** The down payment the estimate starts with: 20 % of the price. */
export const DEFAULT_DOWN_BASIS_POINTS = 2_000;
/** Yearly tax or insurance above $1,000,000 is a typing slip. */
const MAX_YEARLY_CENTS = 100_000_000;

export interface TPaymentAssumptions {
  priceCents: number;
  /** Basis points of the price: 2000 is 20 %. */
  downBasisPoints: number;
  termYears: TPaymentTerm;
  /** The yearly interest rate in thousandths of a percent: 6875 is 6.875 %. */
  rateThousandths: number;
  yearlyTaxCents: number;
  yearlyInsuranceCents: number;
}

export interface TPaymentEstimate {
  downPaymentCents: number;
  loanCents: number;
  principalAndInterestCents: number;
  taxCents: number;
  insuranceCents: number;
  /** The sum of the three monthly parts above. */
  totalCents: number;
}

/**
 * The monthly payment for the assumptions, each part rounded to the nearest cent. Inputs are
 * integers below 2^53 even when multiplied (a $100 million price times 10,000 basis points), so
 * the only float step is the amortization factor itself.
 */
export function monthlyPayment(a: TPaymentAssumptions): TPaymentEstimate {
  const downPaymentCents = Math.round((a.priceCents * a.downBasisPoints) / 10_000);
  const loanCents = Math.max(0, a.priceCents - downPaymentCents);
  const months = a.termYears * 12;
  const monthlyRate = a.rateThousandths / 100_000 / 12;
  // At 0 % the formula divides 0 by 0: the loan is simply repaid in equal parts.
  const principalAndInterestCents =
    monthlyRate === 0
      ? Math.round(loanCents / months)
      : Math.round((loanCents * monthlyRate) / (1 - (1 + monthlyRate) ** -months));
  const taxCents = Math.round(a.yearlyTaxCents / 12);
  const insuranceCents = Math.round(a.yearlyInsuranceCents / 12);
  return {
    downPaymentCents,
    loanCents,
    principalAndInterestCents,
    taxCents,
    insuranceCents,
    totalCents: principalAndInterestCents + taxCents + insuranceCents,
  };
}

/** What each field says when what was typed cannot be read; in the visitor's words. */
export const PAYMENT_FIELD_ERRORS = {
  down: 'Enter the down payment as a percent of the price, from 0 to 100, like 20.',
  term: 'Choose a term of 30 or 15 years.',
  rate: 'Enter the interest rate as a percent from 0 to 20, like 6.5.',
  tax: 'Enter the yearly property tax in dollars, like 4,200, or leave it empty.',
  insurance: 'Enter the yearly home insurance in dollars, like 1,500, or leave it empty.',
} as const;
export type TPaymentField = keyof typeof PAYMENT_FIELD_ERRORS;

/**
 * A decimal as an integer of `10^places` units, with no float step: '6.875' at 3 places is 6875.
 * Null when it is not digits with at most `places` decimals.
 */
export function decimalUnits(text: string, places: number): number | null {
  const match = /^(\d{1,9})?(?:\.(\d*))?$/.exec(text);
  if (!match || text === '' || text === '.' || (match[2] ?? '').length > places) return null;
  return Number(match[1] ?? '0') * 10 ** places + Number((match[2] ?? '').padEnd(places, '0'));
}

/** '6.875', '6.875 %' → 6875 thousandths; null outside 0–20 % or past three decimals. */
export function parseRatePercent(input: string): number | null {
  const units = decimalUnits(input.trim().replace(/\s*%$/, ''), 3);
  return units !== null && units <= MAX_RATE_THOUSANDTHS ? units : null;
}

/** '20', '3.5 %' → basis points, 0–100 %. */
function parseDown(input: string): number | null {
  const units = decimalUnits(input.trim().replace(/\s*%$/, ''), 2);
  return units !== null && units <= 10_000 ? units : null;
}

/** '$4,200', '4200.50', '' → cents; empty is 0, since the visitor may not know it yet. */
function parseYearlyDollars(input: string): number | null {
  const text = input.trim().replace(/^\$\s*/, '');
  if (text === '') return 0;
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{0,2})?$/.test(text)) return null;
  const cents = decimalUnits(text.replaceAll(',', ''), 2);
  return cents !== null && cents <= MAX_YEARLY_CENTS ? cents : null;
}

/** The assumptions' fields as typed (the form's names); a missing one reads as empty. */
export type TPaymentForm = Partial<Record<TPaymentField, string>>;

export type TPaymentFormResult =
  | { ok: true; assumptions: Omit<TPaymentAssumptions, 'priceCents'> }
  | { ok: false; errors: Partial<Record<TPaymentField, string>> };

/** Reads the visitor's assumptions, or says which fields cannot be read. */
export function readPaymentForm(form: TPaymentForm): TPaymentFormResult {
  const down = parseDown(form.down ?? '');
  const termYears = PAYMENT_TERMS.find((t) => String(t) === (form.term ?? '').trim());
  const rate = parseRatePercent(form.rate ?? '');
  const tax = parseYearlyDollars(form.tax ?? '');
  const insurance = parseYearlyDollars(form.insurance ?? '');
  const errors: Partial<Record<TPaymentField, string>> = {};
  if (down === null) errors.down = PAYMENT_FIELD_ERRORS.down;
  if (termYears === undefined) errors.term = PAYMENT_FIELD_ERRORS.term;
  if (rate === null) errors.rate = PAYMENT_FIELD_ERRORS.rate;
  if (tax === null) errors.tax = PAYMENT_FIELD_ERRORS.tax;
  if (insurance === null) errors.insurance = PAYMENT_FIELD_ERRORS.insurance;
  if (
    down === null ||
    termYears === undefined ||
    rate === null ||
    tax === null ||
    insurance === null
  ) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    assumptions: {
      downBasisPoints: down,
      termYears,
      rateThousandths: rate,
      yearlyTaxCents: tax,
      yearlyInsuranceCents: insurance,
    },
  };
}

/** A rate as people write it: 6875 → '6.875%', 6500 → '6.5%'. */
export const formatRatePercent = (thousandths: number) => `${thousandths / 1000}%`;

/** The line under the figures: what is borrowed, over how long, at what rate. */
export function loanSentence(
  e: TPaymentEstimate,
  a: Pick<TPaymentAssumptions, 'termYears' | 'rateThousandths'>,
): string {
  return `A loan of ${formatCents(e.loanCents)} after ${formatCents(e.downPaymentCents)} down, over ${a.termYears} years at ${formatRatePercent(a.rateThousandths)}.`;
}

/** The form's starting text for a rate: 6875 → '6.875'. */
export const ratePercentText = (thousandths: number) => String(thousandths / 1000);

const CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars with cents: 123456 → '$1,234.56'. */
export const formatCents = (cents: number) => CENTS.format(cents / 100);
