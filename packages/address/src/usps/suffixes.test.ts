import { describe, expect, it } from 'vitest';
import { standardSuffix } from './suffixes.ts';

describe('standardSuffix', () => {
  it.each([
    ['STREET', 'ST'],
    ['AVENUE', 'AVE'],
    ['AV', 'AVE'],
    ['ROAD', 'RD'],
    ['BOULEVARD', 'BLVD'],
    ['DRIVE', 'DR'],
    ['LANE', 'LN'],
    ['COURT', 'CT'],
    ['PLACE', 'PL'],
    ['TERRACE', 'TER'],
    ['CIRCLE', 'CIR'],
    ['PARKWAY', 'PKWY'],
    ['HIGHWAY', 'HWY'],
    ['WAY', 'WAY'],
    ['TRAIL', 'TRL'],
    ['CROSSING', 'XING'],
    ['EXPRESSWAY', 'EXPY'],
    ['SQUARE', 'SQ'],
    ['PLAZA', 'PLZ'],
    ['HEIGHTS', 'HTS'],
    ['TURNPIKE', 'TPKE'],
    ['CENTRE', 'CTR'],
  ])('%s -> %s', (word, abbreviation) => {
    expect(standardSuffix(word)).toBe(abbreviation);
  });

  it.each(['ST', 'AVE', 'BLVD', 'PKWY', 'XING', 'LOOP'])(
    'keeps the standard %s',
    (abbreviation) => {
      expect(standardSuffix(abbreviation)).toBe(abbreviation);
    },
  );

  it.each(['MAIN', 'street', '', 'NORTH'])('does not know %j', (word) => {
    expect(standardSuffix(word)).toBeUndefined();
  });
});
