import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { word } from '../test-support.ts';
import {
  formatStreet,
  formatStreetName,
  formatUnit,
  normalizeStreetLine,
  normalizeStreetName,
  normalizeUnit,
  type ParsedStreet,
  parseStreetLine,
} from './street.ts';

describe('parseStreetLine', () => {
  it.each<[string, ParsedStreet | undefined]>([
    [
      '123 north main street apt 4',
      { number: '123', predirectional: 'N', name: 'MAIN', suffix: 'ST', unit: 'APT 4' },
    ],
    ['123 Main St', { number: '123', name: 'MAIN', suffix: 'ST' }],
    ['123 Main', { number: '123', name: 'MAIN' }],
    ['Main Street', { name: 'MAIN', suffix: 'ST' }],
    ['123 Main St N', { number: '123', name: 'MAIN', suffix: 'ST', postdirectional: 'N' }],
    [
      '123 Main Street Northeast',
      { number: '123', name: 'MAIN', suffix: 'ST', postdirectional: 'NE' },
    ],
    ['123 North St', { number: '123', name: 'NORTH', suffix: 'ST' }],
    ['100 E St SE', { number: '100', name: 'E', suffix: 'ST', postdirectional: 'SE' }],
    ['123 West Avenue', { number: '123', name: 'WEST', suffix: 'AVE' }],
    ['123 Avenue of the Americas', { number: '123', name: 'AVENUE OF THE AMERICAS' }],
    ['123 Avenue N', { number: '123', name: 'AVENUE', postdirectional: 'N' }],
    ['123 1/2 W 1st Ave', { number: '123 1/2', predirectional: 'W', name: '1ST', suffix: 'AVE' }],
    ['123A Oak Ln', { number: '123A', name: 'OAK', suffix: 'LN' }],
    ['45-12 Bell Blvd', { number: '45-12', name: 'BELL', suffix: 'BLVD' }],
    ['1st Ave', { name: '1ST', suffix: 'AVE' }],
    ['123 St. Charles Ave.', { number: '123', name: 'ST CHARLES', suffix: 'AVE' }],
    ['123 Main St, Suite 200', { number: '123', name: 'MAIN', suffix: 'ST', unit: 'STE 200' }],
    ['123 Main St #4B', { number: '123', name: 'MAIN', suffix: 'ST', unit: '# 4B' }],
    ['123 Main St Apt #4', { number: '123', name: 'MAIN', suffix: 'ST', unit: 'APT 4' }],
    ['123 Main St APT#4', { number: '123', name: 'MAIN', suffix: 'ST', unit: 'APT 4' }],
    ['123 Main St Penthouse', { number: '123', name: 'MAIN', suffix: 'ST', unit: 'PH' }],
    ['123 Main St Lot 5', { number: '123', name: 'MAIN', suffix: 'ST', unit: 'LOT 5' }],
    ['123 Main Lot 5', { number: '123', name: 'MAIN LOT 5' }],
    ['1 Old Key Rd', { number: '1', name: 'OLD KEY', suffix: 'RD' }],
    ['1 Forest Floor Dr', { number: '1', name: 'FOREST FLOOR', suffix: 'DR' }],
    ['10 Front St', { number: '10', name: 'FRONT', suffix: 'ST' }],
    ['10 Unit Rd', { number: '10', name: 'UNIT', suffix: 'RD' }],
    ['123 Main Apt 4', { number: '123', name: 'MAIN', unit: 'APT 4' }],
    ['123', undefined],
    ['123 #4', undefined],
    ['123 Apt 4', { number: '123', name: 'APT 4' }],
    ['', undefined],
    ['   ', undefined],
  ])('%j', (line, parsed) => {
    expect(parseStreetLine(line)).toEqual(parsed);
  });
});

describe('formatStreet and formatStreetName', () => {
  it.each<[ParsedStreet, string, string]>([
    [
      { number: '123', predirectional: 'N', name: 'MAIN', suffix: 'ST' },
      '123 N Main St',
      'N Main St',
    ],
    [{ name: 'MAIN', suffix: 'ST', postdirectional: 'NW' }, 'Main St NW', 'Main St NW'],
    [{ number: '9', name: '1ST', suffix: 'AVE' }, '9 1st Ave', '1st Ave'],
    [
      { number: '9', name: 'MARTIN LUTHER KING JR', suffix: 'BLVD' },
      '9 Martin Luther King Jr Blvd',
      'Martin Luther King Jr Blvd',
    ],
    [{ number: '9', name: 'E', suffix: 'ST', unit: 'APT 4' }, '9 E St', 'E St'],
  ])('%j -> %j', (parsed, street, name) => {
    expect(formatStreet(parsed)).toBe(street);
    expect(formatStreetName(parsed)).toBe(name);
  });
});

describe('normalizeStreetLine', () => {
  it.each([
    ['123 north main street apt 4', '123 N Main St'],
    ['123 N Main St', '123 N Main St'],
    ['123 MAIN STREET', '123 Main St'],
    ['42 wilkes-barre boulevard southwest', '42 Wilkes-Barre Blvd SW'],
    ['', undefined],
  ])('%j -> %j', (line, normal) => {
    expect(normalizeStreetLine(line)).toBe(normal);
  });
});

describe('normalizeStreetName', () => {
  it.each([
    ['North 13 Mile Road', 'N 13 Mile Rd'],
    ['13 Mile Road', '13 Mile Rd'],
    ['Avenue of the Americas', 'Avenue Of The Americas'],
    ['', undefined],
  ])('%j -> %j', (name, normal) => {
    expect(normalizeStreetName(name)).toBe(normal);
  });
});

describe('normalizeUnit and formatUnit', () => {
  it.each([
    ['apartment 4', 'APT 4', 'Apt 4'],
    ['Suite 200', 'STE 200', 'Ste 200'],
    ['#4', '# 4', '#4'],
    ['apt #4', 'APT 4', 'Apt 4'],
    ['4B', '4B', '4B'],
    ['penthouse', 'PH', 'Ph'],
    ['', '', ''],
  ])('%j -> %j -> %j', (typed, usps, display) => {
    expect(normalizeUnit(typed)).toBe(usps);
    expect(formatUnit(usps)).toBe(display);
  });
});

// Street words that are neither suffixes nor directionals nor unit designators.
const nameWord = fc.constantFrom(
  'MAIN',
  'OAK',
  'ELM',
  'MARTIN',
  'LUTHER',
  'KING',
  'CHERRY',
  'HILLTOP',
  '1ST',
  '42ND',
);
const anyStreetWord = fc.oneof(
  word,
  nameWord,
  fc.constantFrom(
    'street',
    'St.',
    'AVENUE',
    'north',
    'SW',
    'apt',
    '#',
    'Suite',
    'lot',
    'key',
    '4B',
    '1/2',
    '12-B',
  ),
);

describe('street normalisation properties', () => {
  it('reads back every canonical street it formats', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 1, max: 99999 }).map(String), { nil: undefined }),
        fc.option(fc.constantFrom('N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW'), { nil: undefined }),
        fc.array(nameWord, { minLength: 1, maxLength: 3 }),
        fc.option(fc.constantFrom('ST', 'AVE', 'BLVD', 'RD', 'XING', 'PKWY'), { nil: undefined }),
        fc.option(fc.constantFrom('N', 'SE'), { nil: undefined }),
        (number, predirectional, name, suffix, postdirectional) => {
          const parsed: ParsedStreet = { name: name.join(' ') };
          if (number) parsed.number = number;
          if (predirectional) parsed.predirectional = predirectional;
          if (suffix) parsed.suffix = suffix;
          if (postdirectional) parsed.postdirectional = postdirectional;
          expect(parseStreetLine(formatStreet(parsed))).toEqual(parsed);
        },
      ),
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.array(anyStreetWord, { maxLength: 7 }), (words) => {
        const once = normalizeStreetLine(words.join(' '));
        if (once !== undefined) expect(normalizeStreetLine(once)).toBe(once);
      }),
    );
  });

  it('never invents a street: every name word was typed', () => {
    fc.assert(
      fc.property(fc.array(anyStreetWord, { maxLength: 7 }), (words) => {
        const typed = words
          .join(' ')
          .toUpperCase()
          .replace(/[.,]/g, '')
          .replace(/#/g, ' # ')
          .split(/\s+/);
        const parsed = parseStreetLine(words.join(' '));
        if (parsed === undefined) return;
        for (const nameWord of parsed.name.split(' ')) expect(typed).toContain(nameWord);
        if (parsed.number) expect(typed).toContain(parsed.number.split(' ')[0]);
      }),
    );
  });
});
