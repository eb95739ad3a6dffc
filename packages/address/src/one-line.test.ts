import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOneLine, parseOneLine } from './one-line.ts';
import { US_STATES } from './states.ts';

const empty = { streetAddress: '', unit: '', city: '', state: '', zipCode: '' };

describe('formatOneLine', () => {
  it.each([
    [
      {
        streetAddress: '123 Main St',
        unit: 'Apt 4',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
      },
      '123 Main St, Apt 4, Springfield, IL 62701',
    ],
    [
      { streetAddress: ' 123 Main St ', city: 'Springfield', state: 'IL' },
      '123 Main St, Springfield, IL',
    ],
    [{ city: 'Springfield', zipCode: '62701' }, 'Springfield, 62701'],
    [{ unit: '  ' }, ''],
    [{}, ''],
  ])('%j -> %j', (fields, line) => {
    expect(formatOneLine(fields)).toBe(line);
  });
});

describe('parseOneLine', () => {
  it.each([
    [
      '123 Main St, Springfield, IL 62701',
      { streetAddress: '123 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
    ],
    [
      '123 Main St, Apt 4, Springfield, IL 62701-1234, USA',
      {
        streetAddress: '123 Main St',
        unit: 'Apt 4',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
      },
    ],
    [
      '123 Main St, Springfield, Illinois, 62701',
      { streetAddress: '123 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
    ],
    ['Springfield, IL', { city: 'Springfield', state: 'IL' }],
    ['Springfield IL 62701', { city: 'Springfield', state: 'IL', zipCode: '62701' }],
    ['Charleston West Virginia', { city: 'Charleston', state: 'WV' }],
    ['62701', { zipCode: '62701' }],
    ['IL 62701', { state: 'IL', zipCode: '62701' }],
    ['Washington', { city: 'Washington' }],
    ['123 Main St', { streetAddress: '123 Main St' }],
    [
      '123 Main St Springfield IL 62701',
      { streetAddress: '123 Main St Springfield', state: 'IL', zipCode: '62701' },
    ],
    [
      '1600 Main St, Kansas City, MO',
      { streetAddress: '1600 Main St', city: 'Kansas City', state: 'MO' },
    ],
    ['', {}],
    [' , ,', {}],
  ])('%j', (text, expected) => {
    expect(parseOneLine(text)).toEqual({ ...empty, ...expected });
  });

  it('reads back what formatOneLine wrote', () => {
    const part = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,14}[A-Za-z]$/);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99999 }),
        part,
        fc.option(part, { nil: '' }),
        part,
        fc.constantFrom(...US_STATES),
        fc.stringMatching(/^\d{5}$/),
        (number, street, unit, city, state, zipCode) => {
          const fields = {
            streetAddress: `${number} ${street.trim().replace(/\s+/g, ' ')}`,
            unit: unit.trim().replace(/\s+/g, ' '),
            city: city.trim().replace(/\s+/g, ' '),
            state: state.code,
            zipCode,
          };
          expect(parseOneLine(formatOneLine(fields))).toEqual(fields);
        },
      ),
    );
  });
});
