import { describe, expect, it } from 'vitest';
import {
  CDA_MAX_CENTS,
  CDA_MAX_PAYEES,
  centsToDollars,
  checkCdaAmounts,
  commissionFromRate,
  dollarsToCents,
  SALE_PRICE_MAX_CENTS,
  splitByShares,
} from './cda-arithmetic.ts';

const payees = (...amounts: number[]) => amounts.map((amountCents) => ({ amountCents }));

describe('checkCdaAmounts', () => {
  it('takes payees that add up to the commission exactly', () => {
    const r = checkCdaAmounts(1_500_000, payees(750_000, 600_000, 150_000));
    expect(r).toEqual({ ok: true, totalCents: 1_500_000, differenceCents: 0, errors: {} });
  });

  it('refuses a cent short or a cent over, saying by how much', () => {
    const short = checkCdaAmounts(1_000_000, payees(500_000, 499_999));
    expect(short.ok).toBe(false);
    expect(short.differenceCents).toBe(1);
    expect(short.errors.payees?.[0]).toBe(
      'The payees add up to $9,999.99, $0.01 less than the commission of $10,000.00. Every cent of the commission must go to a payee.',
    );
    const over = checkCdaAmounts(1_000_000, payees(500_000, 500_001));
    expect(over.differenceCents).toBe(-1);
    expect(over.errors.payees?.[0]).toBe(
      'The payees add up to $10,000.01, $0.01 more than the commission of $10,000.00.',
    );
  });

  it('refuses zero, negative and fractional amounts on the field', () => {
    const r = checkCdaAmounts(100, payees(0, -5, 10.5, 100));
    expect(r.ok).toBe(false);
    expect(r.errors['payees.0.amountCents']).toEqual([
      'Enter an amount above $0.00, or remove this payee.',
    ]);
    expect(r.errors['payees.1.amountCents']).toHaveLength(1);
    expect(r.errors['payees.2.amountCents']).toEqual(['Enter the amount in dollars and cents.']);
    expect(r.errors['payees.3.amountCents']).toBeUndefined();
    // No sum message while an amount itself is wrong.
    expect(r.errors.payees).toBeUndefined();
  });

  it('refuses a zero, negative or fractional commission', () => {
    expect(checkCdaAmounts(0, payees(1)).errors.commissionCents).toEqual([
      'Enter a commission above $0.00.',
    ]);
    expect(checkCdaAmounts(-100, payees(1)).errors.commissionCents).toEqual([
      'Enter a commission above $0.00.',
    ]);
    expect(checkCdaAmounts(99.5, payees(1)).errors.commissionCents).toEqual([
      'Enter the commission in dollars and cents.',
    ]);
  });

  it('needs one to twelve payees', () => {
    expect(checkCdaAmounts(100, []).errors.payees).toEqual(['Add at least one payee.']);
    const thirteen = Array.from({ length: CDA_MAX_PAYEES + 1 }, () => ({ amountCents: 1 }));
    expect(checkCdaAmounts(CDA_MAX_PAYEES + 1, thirteen).errors.payees).toEqual([
      'An authorisation has at most 12 payees.',
    ]);
    const twelve = Array.from({ length: CDA_MAX_PAYEES }, () => ({ amountCents: 1 }));
    expect(checkCdaAmounts(CDA_MAX_PAYEES, twelve).ok).toBe(true);
  });

  it('holds the bounds: the maximum is taken, a cent more is not, unsafe integers never add', () => {
    expect(checkCdaAmounts(CDA_MAX_CENTS, payees(CDA_MAX_CENTS)).ok).toBe(true);
    const over = checkCdaAmounts(CDA_MAX_CENTS + 1, payees(CDA_MAX_CENTS, 1));
    expect(over.errors.commissionCents).toEqual(['A commission is at most $100,000,000.00.']);
    const huge = checkCdaAmounts(100, payees(Number.MAX_SAFE_INTEGER + 2, Number.MAX_VALUE));
    expect(huge.ok).toBe(false);
    expect(huge.totalCents).toBe(0);
    expect(Object.keys(huge.errors)).toEqual(['payees.0.amountCents', 'payees.1.amountCents']);
    expect(checkCdaAmounts(Number.NaN, payees(1)).errors.commissionCents).toHaveLength(1);
    expect(checkCdaAmounts(Number.POSITIVE_INFINITY, payees(1)).ok).toBe(false);
  });
});

describe('commissionFromRate', () => {
  it('rounds to the nearest cent, half a cent up', () => {
    expect(commissionFromRate(50_000_000, 300)).toBe(1_500_000); // 3% of $500,000
    expect(commissionFromRate(33_333_333, 250)).toBe(833_333); // 833,333.325 → down
    expect(commissionFromRate(10_050, 5_000)).toBe(5_025);
    expect(commissionFromRate(1, 5_000)).toBe(1); // half a cent → up
    expect(commissionFromRate(1, 4_999)).toBe(0);
    expect(commissionFromRate(0, 300)).toBe(0);
  });

  it('is exact at the largest price and rate, and refuses anything outside them', () => {
    expect(commissionFromRate(SALE_PRICE_MAX_CENTS, 10_000)).toBe(SALE_PRICE_MAX_CENTS);
    expect(commissionFromRate(SALE_PRICE_MAX_CENTS - 1, 1)).toBe(10_000_000);
    expect(() => commissionFromRate(SALE_PRICE_MAX_CENTS + 1, 1)).toThrow(RangeError);
    expect(() => commissionFromRate(-1, 300)).toThrow(RangeError);
    expect(() => commissionFromRate(100, 10_001)).toThrow(RangeError);
    expect(() => commissionFromRate(100, 2.5)).toThrow(RangeError);
  });
});

describe('splitByShares', () => {
  it('splits so the parts add up exactly, the odd cent to the largest remainder', () => {
    expect(splitByShares(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByShares(1_000_001, [7_000, 3_000])).toEqual([700_001, 300_000]);
    expect(splitByShares(5, [1, 2])).toEqual([2, 3]);
    expect(splitByShares(0, [1, 1])).toEqual([0, 0]);
    for (const total of [1, 7, 99, 12_345, 1_500_000, CDA_MAX_CENTS]) {
      const parts = splitByShares(total, [2_500, 2_500, 3_333, 1_667]);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(checkCdaAmounts(total, payees(...parts.filter((p) => p > 0))).ok).toBe(total > 0);
    }
  });

  it('stays exact where the product passes 2^53, and refuses bad input', () => {
    const parts = splitByShares(CDA_MAX_CENTS, [999_999, 1]);
    expect(parts).toEqual([9_999_990_000, 10_000]);
    expect(() => splitByShares(CDA_MAX_CENTS + 1, [1])).toThrow(RangeError);
    expect(() => splitByShares(100, [])).toThrow(RangeError);
    expect(() => splitByShares(100, [0, 1])).toThrow(RangeError);
    expect(() => splitByShares(100, [-1, 2])).toThrow(RangeError);
    expect(() => splitByShares(10.5, [1])).toThrow(RangeError);
  });
});

describe('dollarsToCents', () => {
  it('reads dollars as typed, exactly', () => {
    expect(dollarsToCents('$1,234.56')).toBe(123_456);
    expect(dollarsToCents('1234.5')).toBe(123_450);
    expect(dollarsToCents(' 15000 ')).toBe(1_500_000);
    expect(dollarsToCents('0.29')).toBe(29); // 0.29 * 100 is 28.999… in binary
    expect(dollarsToCents('100000000.00')).toBe(CDA_MAX_CENTS);
    expect(centsToDollars(123_456)).toBe('1234.56');
    expect(centsToDollars(5)).toBe('0.05');
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '1,23', '12,3456.00', '1e5', '$'])
      expect(dollarsToCents(bad)).toBeNull();
    expect(dollarsToCents('9'.repeat(20))).toBeNull();
  });
});
