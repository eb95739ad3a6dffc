import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUsRegion, isStateOrDc, normalizeState, US_STATES, US_TERRITORIES } from './states.ts';

describe('US_STATES and US_TERRITORIES', () => {
  it('lists the 50 states and DC, with territories apart', () => {
    expect(US_STATES.filter((s) => s.kind === 'state')).toHaveLength(50);
    expect(US_STATES.filter((s) => s.kind === 'district').map((s) => s.code)).toEqual(['DC']);
    expect(US_TERRITORIES.map((t) => t.code).sort()).toEqual(['AS', 'GU', 'MP', 'PR', 'VI']);
    expect(US_TERRITORIES.every((t) => t.kind === 'territory')).toBe(true);
  });

  it('has unique two-letter codes and names', () => {
    const all = [...US_STATES, ...US_TERRITORIES];
    expect(new Set(all.map((r) => r.code)).size).toBe(all.length);
    expect(new Set(all.map((r) => r.name)).size).toBe(all.length);
    expect(all.every((r) => /^[A-Z]{2}$/.test(r.code))).toBe(true);
  });
});

describe('normalizeState', () => {
  it.each([
    ['california', 'CA'],
    ['CA', 'CA'],
    ['ca', 'CA'],
    ['  New   York ', 'NY'],
    ['north carolina', 'NC'],
    ['District of Columbia', 'DC'],
    ['D.C.', 'DC'],
    ['Washington, D.C.', 'DC'],
    ['Washington', 'WA'],
    ['Puerto Rico', 'PR'],
    ['U.S. Virgin Islands', 'VI'],
    ['virgin islands', 'VI'],
  ])('%j -> %s', (input, code) => {
    expect(normalizeState(input)).toBe(code);
  });

  it.each(['', ' ', 'Calif', 'XX', 'Ontario', 'AE'])('does not know %j', (input) => {
    expect(normalizeState(input)).toBeUndefined();
  });

  it('finds every region by code or name in any case and padding', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...US_STATES, ...US_TERRITORIES),
        fc.boolean(),
        fc.boolean(),
        (region, byName, upper) => {
          const text = byName ? region.name : region.code;
          const typed = ` ${upper ? text.toUpperCase() : text.toLowerCase()} `;
          expect(normalizeState(typed)).toBe(region.code);
          expect(findUsRegion(typed)).toBe(region);
        },
      ),
    );
  });
});

describe('isStateOrDc', () => {
  it.each([
    ['IL', true],
    ['dc', true],
    ['Puerto Rico', false],
    ['GU', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isStateOrDc(input)).toBe(expected);
  });
});
