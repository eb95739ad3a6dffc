import { describe, expect, it } from 'vitest';
import { isDesignatorAbbreviation, unitDesignator } from './units.ts';

describe('unitDesignator', () => {
  it.each([
    ['APARTMENT', 'APT', false],
    ['APT', 'APT', false],
    ['SUITE', 'STE', false],
    ['UNIT', 'UNIT', false],
    ['BUILDING', 'BLDG', false],
    ['PENTHOUSE', 'PH', false],
    ['#', '#', false],
    ['FLOOR', 'FL', true],
    ['ROOM', 'RM', true],
    ['LOT', 'LOT', true],
    ['TRAILER', 'TRLR', true],
    ['SPACE', 'SPC', true],
  ])('%s -> %s (ambiguous: %s)', (word, abbreviation, ambiguous) => {
    expect(unitDesignator(word)).toMatchObject({ abbreviation, ambiguous });
  });

  it.each(['MAIN', 'apt', ''])('does not know %j', (word) => {
    expect(unitDesignator(word)).toBeUndefined();
  });
});

describe('isDesignatorAbbreviation', () => {
  it.each([
    ['APT', true],
    ['STE', true],
    ['#', true],
    ['SUITE', false],
    ['4', false],
  ])('%s -> %s', (word, expected) => {
    expect(isDesignatorAbbreviation(word)).toBe(expected);
  });
});
