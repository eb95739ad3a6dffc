import { describe, expect, it } from 'vitest';
import {
  decimalUnits,
  formatCents,
  formatRatePercent,
  monthlyPayment,
  PAYMENT_FIELD_ERRORS,
  parseRatePercent,
  readPaymentForm,
  type TPaymentAssumptions,
} from './monthly-payment.ts';

const base: TPaymentAssumptions = {
  priceCents: 50_000_000,
  downBasisPoints: 2_000,
  termYears: 30,
  rateThousandths: 6_500,
  yearlyTaxCents: 0,
  yearlyInsuranceCents: 0,
};

describe('monthlyPayment', () => {
  it('amortizes the loan by the standard formula, to the cent', () => {
    // $400,000 at 6.5 % over 30 years: $2,528.27 a month in every amortization table.
    expect(monthlyPayment(base)).toEqual({
      downPaymentCents: 10_000_000,
      loanCents: 40_000_000,
      principalAndInterestCents: 252_827,
      taxCents: 0,
      insuranceCents: 0,
      totalCents: 252_827,
    });
    // $200,000 at 5 % over 15 years: $1,581.59.
    const short = monthlyPayment({
      ...base,
      priceCents: 25_000_000,
      termYears: 15,
      rateThousandths: 5_000,
    });
    expect(short.principalAndInterestCents).toBe(158_159);
  });

  it('adds a twelfth of the yearly tax and insurance, each shown, and sums the three', () => {
    const e = monthlyPayment({ ...base, yearlyTaxCents: 600_000, yearlyInsuranceCents: 180_010 });
    expect(e.taxCents).toBe(50_000);
    // $1,800.10 / 12 = $150.0083…: to the nearest cent.
    expect(e.insuranceCents).toBe(15_001);
    expect(e.totalCents).toBe(252_827 + 50_000 + 15_001);
  });

  it('repays a loan at 0 % in equal parts instead of dividing by zero', () => {
    const e = monthlyPayment({ ...base, priceCents: 45_000_000, rateThousandths: 0 });
    expect(e.loanCents).toBe(36_000_000);
    expect(e.principalAndInterestCents).toBe(100_000);
    expect(Number.isInteger(e.principalAndInterestCents)).toBe(true);
  });

  it('owes nothing with the whole price down, and gives integer cents always', () => {
    expect(monthlyPayment({ ...base, downBasisPoints: 10_000 }).principalAndInterestCents).toBe(0);
    const odd = monthlyPayment({
      ...base,
      priceCents: 31_500_012,
      downBasisPoints: 333,
      rateThousandths: 6_875,
      yearlyTaxCents: 100_001,
    });
    for (const value of Object.values(odd)) expect(Number.isInteger(value)).toBe(true);
    // 3.33 % of $315,000.12 is $10,489.50399…: the nearest cent.
    expect(odd.downPaymentCents).toBe(1_048_950);
  });

  it('costs more a month over 15 years than over 30, and less in all', () => {
    const thirty = monthlyPayment(base).principalAndInterestCents;
    const fifteen = monthlyPayment({ ...base, termYears: 15 }).principalAndInterestCents;
    expect(fifteen).toBeGreaterThan(thirty);
    expect(fifteen * 180).toBeLessThan(thirty * 360);
  });
});

describe('readPaymentForm', () => {
  it('reads what a visitor types', () => {
    expect(
      readPaymentForm({ down: '3.5 %', term: '15', rate: '6.875', tax: '$4,200', insurance: '' }),
    ).toEqual({
      ok: true,
      assumptions: {
        downBasisPoints: 350,
        termYears: 15,
        rateThousandths: 6_875,
        yearlyTaxCents: 420_000,
        yearlyInsuranceCents: 0,
      },
    });
    expect(readPaymentForm({ down: '0', term: '30', rate: '0', tax: '1500.5' })).toMatchObject({
      ok: true,
      assumptions: { downBasisPoints: 0, rateThousandths: 0, yearlyTaxCents: 150_050 },
    });
  });

  it('says which fields it cannot read, in the visitor’s words', () => {
    expect(
      readPaymentForm({ down: '101', term: '20', rate: '20.5', tax: '4,20', insurance: 'a lot' }),
    ).toEqual({ ok: false, errors: PAYMENT_FIELD_ERRORS });
    expect(readPaymentForm({ down: '', term: '30', rate: '6' })).toEqual({
      ok: false,
      errors: { down: PAYMENT_FIELD_ERRORS.down },
    });
    expect(readPaymentForm({ down: '20', term: '30', rate: '6', tax: '2000000' })).toEqual({
      ok: false,
      errors: { tax: PAYMENT_FIELD_ERRORS.tax },
    });
  });
});

describe('rates and money as text', () => {
  it('reads a rate to three decimals at most, 0 to 20 %', () => {
    expect(parseRatePercent('6.875')).toBe(6_875);
    expect(parseRatePercent(' 7 % ')).toBe(7_000);
    expect(parseRatePercent('20')).toBe(20_000);
    expect(parseRatePercent('20.001')).toBeNull();
    expect(parseRatePercent('6.8751')).toBeNull();
    expect(parseRatePercent('-1')).toBeNull();
    expect(parseRatePercent('.')).toBeNull();
    expect(decimalUnits('.5', 2)).toBe(50);
  });

  it('writes rates and cents as people read them', () => {
    expect(formatRatePercent(6_875)).toBe('6.875%');
    expect(formatRatePercent(6_500)).toBe('6.5%');
    expect(formatCents(252_827)).toBe('$2,528.27');
    expect(formatCents(0)).toBe('$0.00');
  });
});
