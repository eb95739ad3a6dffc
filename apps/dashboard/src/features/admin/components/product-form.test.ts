import { describe, expect, it } from 'vitest';
import { dollarsToCents } from './product-form.tsx';

describe('dollarsToCents', () => {
  it('reads dollars and cents as typed into integer cents', () => {
    expect(dollarsToCents('179')).toBe(17_900);
    expect(dollarsToCents('179.5')).toBe(17_950);
    expect(dollarsToCents('179.05')).toBe(17_905);
    expect(dollarsToCents(' $2,995.00 ')).toBe(299_500);
    expect(dollarsToCents('0')).toBe(0);
  });

  it('refuses anything that is not a plain amount', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1e3', '12.', '.5', '1234567'])
      expect(dollarsToCents(text)).toBeNull();
  });
});
