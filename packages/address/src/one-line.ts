import { normalizeState } from './states.ts';
import type { AddressFields } from './types.ts';

export type OneLineFields = Pick<
  AddressFields,
  'streetAddress' | 'unit' | 'city' | 'state' | 'zipCode'
>;

/** 'street, unit, city, ST ZIP' with empty parts left out: the text sent to a geocoder. */
export function formatOneLine(fields: Partial<OneLineFields>): string {
  const stateZip = [fields.state, fields.zipCode]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return [fields.streetAddress, fields.unit, fields.city, stateZip]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
}

const COUNTRY = /^(U\.?S\.?A?\.?|UNITED STATES( OF AMERICA)?)$/i;
const TRAILING_ZIP = /(?:^|\s)(\d{5})(?:-\d{4})?$/;

/** Peel a state written as the last one to three words of a part ('New York', 'NY'). */
function peelState(part: string): { rest: string; state: string } | undefined {
  const words = part.split(/\s+/);
  for (let take = Math.min(3, words.length); take >= 1; take--) {
    const state = normalizeState(words.slice(-take).join(' '));
    if (state) return { rest: words.slice(0, -take).join(' '), state };
  }
  return undefined;
}

/**
 * Split one line of text into fields. The comma form 'street[, unit], city, ST ZIP' is read
 * exactly; without commas the street and city cannot be told apart, so both stay together in
 * streetAddress and city is ''. Nothing is guessed: a part that is not recognised is left out.
 */
export function parseOneLine(text: string): OneLineFields {
  const fields: OneLineFields = { streetAddress: '', unit: '', city: '', state: '', zipCode: '' };
  const parts = text
    .split(',')
    .map((part) => part.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  if (parts.length > 1 && COUNTRY.test(parts.at(-1) ?? '')) parts.pop();

  let last = parts.pop() ?? '';
  const zip = TRAILING_ZIP.exec(last);
  if (zip?.[1]) {
    fields.zipCode = zip[1];
    last = last.slice(0, zip.index).trim();
  }
  if (last === '' && fields.zipCode && parts.length > 0) last = parts.pop() ?? '';
  const state = peelState(last);
  if (state && (state.rest !== '' || parts.length > 0 || fields.zipCode)) {
    fields.state = state.state;
    last = state.rest;
  }
  if (last !== '') parts.push(last);

  if (parts.length === 1) {
    // A lone part that starts with a number is a street line; otherwise it names the city.
    const only = parts[0] ?? '';
    if (/^\d/.test(only)) fields.streetAddress = only;
    else fields.city = only;
  } else if (parts.length > 1) {
    fields.streetAddress = parts[0] ?? '';
    fields.city = parts.at(-1) ?? '';
    fields.unit = parts.slice(1, -1).join(', ');
  }
  return fields;
}
