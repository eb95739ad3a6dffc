import { describe, expect, it } from 'vitest';
import {
  commissionCents,
  compare,
  formatMoney,
  formatRate,
  parsePrice,
  parseRate,
  summary,
} from './savings.ts';
import { readSavingsQuery } from './savings-query.ts';

describe('parsePrice', () => {
  it('reads dollars with or without a sign, commas and cents', () => {
    expect(parsePrice('450000')).toEqual({ ok: true, value: 45_000_000 });
    expect(parsePrice(' $450,000 ')).toEqual({ ok: true, value: 45_000_000 });
    expect(parsePrice('1,250,000.5')).toEqual({ ok: true, value: 125_000_050 });
    expect(parsePrice('399999.99')).toEqual({ ok: true, value: 39_999_999 });
  });

  it('says what is wrong in words', () => {
    expect(parsePrice('')).toEqual({ ok: false, error: 'Enter your home’s price.' });
    expect(parsePrice('450k')).toEqual({
      ok: false,
      error: 'Enter the price in dollars, like 450,000.',
    });
    expect(parsePrice('45,00,000').ok).toBe(false);
    expect(parsePrice('-5000').ok).toBe(false);
    expect(parsePrice('450000.123').ok).toBe(false);
    expect(parsePrice('9999')).toEqual({ ok: false, error: 'Enter a price of at least $10,000.' });
    expect(parsePrice('100000001')).toEqual({
      ok: false,
      error: 'Enter a price of $100,000,000 or less.',
    });
  });
});

describe('parseRate', () => {
  it('reads a percentage as basis points', () => {
    expect(parseRate('2.5')).toEqual({ ok: true, value: 250 });
    expect(parseRate('2.75 %')).toEqual({ ok: true, value: 275 });
    expect(parseRate('3')).toEqual({ ok: true, value: 300 });
    expect(parseRate('.5')).toEqual({ ok: true, value: 50 });
    expect(parseRate('10')).toEqual({ ok: true, value: 1_000 });
  });

  it('refuses what is not a rate we can use', () => {
    expect(parseRate('')).toEqual({ ok: false, error: 'Enter the listing commission, like 2.5.' });
    expect(parseRate('two')).toEqual({
      ok: false,
      error: 'Enter the commission as a percentage, like 2.5 for 2.5%.',
    });
    expect(parseRate('.')).toMatchObject({ ok: false });
    expect(parseRate('2.555')).toEqual({
      ok: false,
      error: 'Enter the commission with two decimals at most.',
    });
    expect(parseRate('0')).toEqual({
      ok: false,
      error: 'Enter a commission between 0.1% and 10%.',
    });
    expect(parseRate('10.01')).toMatchObject({ ok: false });
  });
});

describe('the comparison', () => {
  it('takes the rate of the price, to the nearest cent', () => {
    expect(commissionCents(45_000_000, 250)).toBe(1_125_000);
    expect(commissionCents(33_333_300, 275)).toBe(916_666); // 9,166.6575 → $9,166.66
    expect(commissionCents(10_000_002, 250)).toBe(250_000); // 2,500.0005 → $2,500.00 (half up)
    expect(commissionCents(10_000_020, 250)).toBe(250_001); // 2,500.005 → $2,500.01 (half up)
  });

  it('subtracts the flat fee and says so', () => {
    const result = compare(45_000_000, 250, 14_900);
    expect(result).toEqual({
      priceCents: 45_000_000,
      rateBp: 250,
      commissionCents: 1_125_000,
      flatFeeCents: 14_900,
      savingsCents: 1_110_100,
    });
    expect(summary(result)).toBe('You would keep $11,101 more on the listing side.');
    expect(summary(compare(1_000_000, 10, 14_900))).toBe(
      'At this price and rate, the commission is not more than our flat fee.',
    );
  });

  it('writes money and rates as people read them', () => {
    expect(formatMoney(1_125_000)).toBe('$11,250');
    expect(formatMoney(916_666)).toBe('$9,166.66');
    expect(formatRate(250)).toBe('2.5%');
    expect(formatRate(275)).toBe('2.75%');
  });
});

describe('readSavingsQuery', () => {
  const read = (query: string) => readSavingsQuery(new URLSearchParams(query));

  it('shows the default rate and nothing else before the form is sent', () => {
    expect(read('')).toEqual({ price: '', rate: '2.5', errors: {} });
  });

  it('reads both figures, the rate defaulting', () => {
    expect(read('price=450%2C000&rate=3').values).toEqual({ priceCents: 45_000_000, rateBp: 300 });
    expect(read('price=450000').values).toEqual({ priceCents: 45_000_000, rateBp: 250 });
  });

  it('gives each wrong field its message and keeps what was typed', () => {
    expect(read('price=abc&rate=12')).toEqual({
      price: 'abc',
      rate: '12',
      errors: {
        price: 'Enter the price in dollars, like 450,000.',
        rate: 'Enter a commission between 0.1% and 10%.',
      },
    });
    expect(read('price=&rate=2.5').errors).toEqual({ price: 'Enter your home’s price.' });
    expect(read(`price=${'9'.repeat(41)}`).errors.price).toBe('That is too long for a figure.');
  });
});
