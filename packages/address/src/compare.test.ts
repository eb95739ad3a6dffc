import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareAddress, geocodedStreetLine } from './compare.ts';
import { SPRINGFIELD, SPRINGFIELD_GEOCODED, word } from './test-support.ts';
import { applyLikelyAddress } from './validation-step.ts';

describe('geocodedStreetLine', () => {
  it.each([
    [{ streetNumber: '123', street: 'N Main St' }, '123 N Main St'],
    [{ street: 'N Main St' }, 'N Main St'],
    [{ streetNumber: '123' }, '123'],
    [{ streetNumber: ' ', street: 'Main St' }, 'Main St'],
    [{}, ''],
  ])('%j -> %j', (parts, line) => {
    expect(geocodedStreetLine(parts)).toBe(line);
  });
});

describe('compareAddress', () => {
  it('finds nothing different in the same address', () => {
    expect(compareAddress(SPRINGFIELD, SPRINGFIELD_GEOCODED)).toEqual({
      equal: true,
      differing: [],
    });
  });

  it('ignores case, surrounding spaces and doubled inner spaces', () => {
    const entered = {
      streetAddress: '  123  n MAIN st ',
      city: 'SPRINGFIELD ',
      state: ' il',
      zipCode: ' 62701 ',
    };
    expect(compareAddress(entered, SPRINGFIELD_GEOCODED).equal).toBe(true);
  });

  it('takes a state name and its code as the same state', () => {
    expect(compareAddress({ ...SPRINGFIELD, state: 'illinois' }, SPRINGFIELD_GEOCODED).equal).toBe(
      true,
    );
  });

  it.each([
    ['street', { streetAddress: '123 North Main Street' }, ['street']],
    ['city', { city: 'Chatham' }, ['city']],
    ['state', { state: 'MO' }, ['state']],
    ['zip', { zipCode: '62702' }, ['zipCode']],
    ['city and zip', { city: 'Chatham', zipCode: '62629' }, ['city', 'zipCode']],
    ['an unknown state text', { state: 'Ill.' }, ['state']],
  ])('reports a different %s', (_, change, differing) => {
    expect(compareAddress({ ...SPRINGFIELD, ...change }, SPRINGFIELD_GEOCODED)).toEqual({
      equal: false,
      differing,
    });
  });

  it('reports a part the geocoder left out as different', () => {
    const { streetNumber: _n, ...noNumber } = SPRINGFIELD_GEOCODED;
    expect(compareAddress(SPRINGFIELD, noNumber).differing).toEqual(['street']);
  });

  it('does not compare unit or county', () => {
    const entered = { ...SPRINGFIELD, unit: 'Apt 4', county: 'Elsewhere' };
    expect(compareAddress(entered, SPRINGFIELD_GEOCODED).equal).toBe(true);
  });

  it('is unchanged by case and padding on the entered side', () => {
    const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(text, text, text, text, fc.boolean(), (street, city, state, zip, upper) => {
        const entered = { streetAddress: street, city, state, zipCode: zip };
        const shout = (s: string) => ` ${upper ? s.toUpperCase() : s.toLowerCase()}  `;
        const noisy = {
          streetAddress: shout(street),
          city: shout(city),
          state: shout(state),
          zipCode: shout(zip),
        };
        expect(compareAddress(noisy, SPRINGFIELD_GEOCODED)).toEqual(
          compareAddress(entered, SPRINGFIELD_GEOCODED),
        );
      }),
    );
  });

  it('finds the likely address equal to the result it came from', () => {
    const part = fc.option(word, { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({ streetNumber: part, street: word, city: word, state: word, zipCode: word }),
        (parts) => {
          const geocoded = { ...parts, addressComponents: [] };
          const likely = applyLikelyAddress(SPRINGFIELD, geocoded);
          expect(compareAddress(likely, geocoded).equal).toBe(true);
        },
      ),
    );
  });
});
