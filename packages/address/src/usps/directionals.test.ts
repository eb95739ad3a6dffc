import { describe, expect, it } from 'vitest';
import { standardDirectional } from './directionals.ts';

describe('standardDirectional', () => {
  it.each([
    ['NORTH', 'N'],
    ['SOUTH', 'S'],
    ['EAST', 'E'],
    ['WEST', 'W'],
    ['NORTHEAST', 'NE'],
    ['NORTHWEST', 'NW'],
    ['SOUTHEAST', 'SE'],
    ['SOUTHWEST', 'SW'],
    ['N', 'N'],
    ['SW', 'SW'],
  ])('%s -> %s', (word, abbreviation) => {
    expect(standardDirectional(word)).toBe(abbreviation);
  });

  it.each(['NORTHERN', 'north', 'NS', ''])('does not know %j', (word) => {
    expect(standardDirectional(word)).toBeUndefined();
  });
});
