import { describe, expect, it } from 'vitest';
import { parsePercent, percentText } from './percent.ts';

describe('tax rate percentages', () => {
  it.each([
    ['6.25', 625],
    ['6.25%', 625],
    [' 7 ', 700],
    ['0', 0],
    ['8.5', 850],
    ['100', 10_000],
  ])('%s is %i basis points', (text, bps) => {
    expect(parsePercent(text)).toBe(bps);
  });

  it.each(['', 'abc', '6.255', '-1', '100.01', '1,5'])('%s is refused', (text) => {
    expect(parsePercent(text)).toBeNull();
  });

  it('prints basis points as a percentage with two decimals', () => {
    expect(percentText(625)).toBe('6.25');
    expect(percentText(700)).toBe('7.00');
    expect(percentText(5)).toBe('0.05');
  });
});
