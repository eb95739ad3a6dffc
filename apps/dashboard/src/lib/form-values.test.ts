import { describe, expect, it } from 'vitest';
import { blankAsUndefined, dollarsToCents, typedNumber } from './form-values.ts';

describe('form values', () => {
  it('reads numbers as people type them', () => {
    expect(typedNumber('$350,000')).toBe(350_000);
    expect(typedNumber(' 2.5 ')).toBe(2.5);
    expect(typedNumber('')).toBeUndefined();
    expect(typedNumber('three')).toBeNaN();
  });

  it('turns dollars into whole cents, refusing fractions of a cent', () => {
    expect(dollarsToCents('$1,250.50')).toBe(125_050);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('19.99')).toBe(1_999);
    expect(dollarsToCents('1.005')).toBeNaN();
    expect(dollarsToCents('-5')).toBeNaN();
    expect(dollarsToCents('')).toBeUndefined();
  });

  it('treats an empty box as no value', () => {
    expect(blankAsUndefined('')).toBeUndefined();
    expect(blankAsUndefined(null)).toBeUndefined();
    expect(blankAsUndefined('TX')).toBe('TX');
  });
});
