import { titleCase, titleWord } from '../text.ts';
import { standardDirectional } from './directionals.ts';
import { standardSuffix } from './suffixes.ts';
import { isDesignatorAbbreviation, unitDesignator } from './units.ts';

/**
 * A street line split the USPS way, every part upper case and abbreviated:
 * '123 north main street apt 4' -> {number: '123', predirectional: 'N', name: 'MAIN',
 * suffix: 'ST', unit: 'APT 4'}.
 */
export interface ParsedStreet {
  number?: string;
  predirectional?: string;
  name: string;
  suffix?: string;
  postdirectional?: string;
  unit?: string;
}

/** Upper case, periods and commas dropped, '#' standing alone ('APT#4' -> 'APT # 4'). */
function tokenize(line: string): string[] {
  return line
    .toUpperCase()
    .replace(/\./g, '')
    .replace(/,/g, ' ')
    .replace(/#/g, ' # ')
    .split(/\s+/)
    .filter(Boolean);
}

// '123', '123A', '123-45', '12-B'; an ordinal such as '1ST' is a street name, not a number.
const HOUSE_NUMBER = /^\d+(?:-?[A-Z]|-\d+[A-Z]?)?$/;
const FRACTION = /^\d+\/\d+$/;

/**
 * Where the unit part of a street line starts, or tokens.length. A designator word never starts
 * the street ('Unit Rd' is a street; '#' is never a name). An ambiguous one only counts right
 * after a suffix or directional that is not the street's first word.
 */
function unitStart(tokens: string[], streetStart: number): number {
  for (let at = streetStart; at < tokens.length; at++) {
    const designator = unitDesignator(tokens[at] ?? '');
    if (!designator || (at === streetStart && designator.abbreviation !== '#')) continue;
    if (!designator.ambiguous) return at;
    const before = tokens[at - 1] ?? '';
    if (at - 1 > streetStart && (standardSuffix(before) || standardDirectional(before))) return at;
  }
  return tokens.length;
}

/** 'APARTMENT # 4' -> 'APT 4'; '# 4' stays '# 4'; an identifier alone ('4B') is kept as written. */
function unitFromTokens(tokens: string[]): string | undefined {
  const [first, ...rest] = tokens;
  if (first === undefined) return undefined;
  const designator = unitDesignator(first);
  if (!designator) return tokens.join(' ');
  const id = (designator.abbreviation !== '#' && rest[0] === '#' ? rest.slice(1) : rest).join(' ');
  return id ? `${designator.abbreviation} ${id}` : designator.abbreviation;
}

/** The USPS form of a unit written on its own ('suite 200' -> 'STE 200'); '' for blank. */
export function normalizeUnit(unit: string): string {
  return unitFromTokens(tokenize(unit)) ?? '';
}

/**
 * Parse a street line into USPS parts. Suffix and directionals are only taken from the ends
 * and never leave the name empty, so 'North St' is the street NORTH, and no word is ever added:
 * a line with no street name gives undefined.
 */
export function parseStreetLine(line: string): ParsedStreet | undefined {
  return parseTokens(tokenize(line), true);
}

/**
 * Normalise a street name that has no house number, such as a provider's road name, so that a
 * leading number stays part of it: 'North 13 Mile Road' -> 'N 13 Mile Rd'.
 */
export function normalizeStreetName(name: string): string | undefined {
  const parsed = parseTokens(tokenize(name), false);
  return parsed && formatStreetName(parsed);
}

function parseTokens(tokens: string[], withNumber: boolean): ParsedStreet | undefined {
  let start = 0;
  let number: string | undefined;
  if (withNumber && HOUSE_NUMBER.test(tokens[0] ?? '')) {
    number = tokens[0];
    start = 1;
    if (FRACTION.test(tokens[1] ?? '')) {
      number = `${number} ${tokens[1]}`;
      start = 2;
    }
  }
  const end = unitStart(tokens, start);
  const street = tokens.slice(start, end);
  const parsed: ParsedStreet = { name: '' };
  if (number !== undefined) parsed.number = number;

  let first = 0;
  let last = street.length;
  const post = last - first >= 2 ? standardDirectional(street[last - 1] ?? '') : undefined;
  if (post) {
    parsed.postdirectional = post;
    last--;
  }
  const suffix = last - first >= 2 ? standardSuffix(street[last - 1] ?? '') : undefined;
  if (suffix) {
    parsed.suffix = suffix;
    last--;
  }
  const pre = last - first >= 2 ? standardDirectional(street[first] ?? '') : undefined;
  if (pre) {
    parsed.predirectional = pre;
    first++;
  }
  parsed.name = street.slice(first, last).join(' ');
  if (parsed.name === '') return undefined;

  const unit = unitFromTokens(tokens.slice(end));
  if (unit !== undefined) parsed.unit = unit;
  return parsed;
}

/**
 * The street without its house number, title case with USPS abbreviations: 'N Main St'.
 * Title case (not the USPS all-capitals) because people read it in the form and dialogs;
 * directionals stay capitals.
 */
export function formatStreetName(parsed: ParsedStreet): string {
  const words = [titleCase(parsed.name)];
  if (parsed.predirectional) words.unshift(parsed.predirectional);
  if (parsed.suffix) words.push(titleWord(parsed.suffix));
  if (parsed.postdirectional) words.push(parsed.postdirectional);
  return words.join(' ');
}

/** The street line as the form's Street Address holds it: '123 N Main St' (unit excluded). */
export function formatStreet(parsed: ParsedStreet): string {
  const name = formatStreetName(parsed);
  return parsed.number ? `${parsed.number} ${name}` : name;
}

/** A unit for display: 'APT 4' -> 'Apt 4', '# 4' -> '#4'. */
export function formatUnit(unit: string): string {
  const [designator, ...id] = unit.split(' ');
  if (designator === undefined || designator === '') return '';
  if (designator === '#') return `#${id.join(' ')}`;
  if (!isDesignatorAbbreviation(designator)) return unit;
  return [titleWord(designator), ...id].join(' ');
}

/** Normalise a typed street line to the form's display style: '123 north main street' -> '123 N Main St'. */
export function normalizeStreetLine(line: string): string | undefined {
  const parsed = parseStreetLine(line);
  return parsed && formatStreet(parsed);
}
