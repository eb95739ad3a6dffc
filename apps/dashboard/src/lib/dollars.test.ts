import { describe, expect, it } from 'vitest';
import { centsText, parseDollars } from './dollars.ts';

describe('parseDollars', () => {
  it.each([
    ['149', 14_900],
    ['149.5', 14_950],
    ['149.05', 14_905],
    ['$1,049.00', 104_900],
    [' 0.01 ', 1],
  ])('%s is %i cents', (input, cents) => {
    expect(parseDollars(input)).toBe(cents);
  });

  it.each(['', 'abc', '1.234', '-5', '1,00', '12e3', '$'])('%s is not an amount', (input) => {
    expect(parseDollars(input)).toBeNull();
  });
});

describe('centsText', () => {
  it('writes whole cents back as an amount staff can edit, and reads back the same', () => {
    expect(centsText(17_950)).toBe('179.50');
    expect(centsText(5)).toBe('0.05');
    expect(parseDollars(centsText(104_900))).toBe(104_900);
  });
});
