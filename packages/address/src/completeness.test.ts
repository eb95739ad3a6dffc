import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isComplete } from './completeness.ts';
import { anyText, SPRINGFIELD_GEOCODED } from './test-support.ts';
import type { GeocodedAddress } from './types.ts';

const without = (...parts: (keyof GeocodedAddress)[]): GeocodedAddress => {
  const copy = { ...SPRINGFIELD_GEOCODED };
  for (const part of parts) delete copy[part];
  return copy;
};

describe('isComplete', () => {
  it.each([
    ['everything present', without(), true, true],
    ['no street number', without('streetNumber'), false, true],
    ['no zip', without('zipCode'), false, true],
    ['no street', without('street'), false, false],
    ['no city', without('city'), false, false],
    ['no state', without('state'), false, false],
    ['no unit or county', without('unit', 'county'), true, true],
    ['no street number and no zip', without('streetNumber', 'zipCode'), false, true],
  ])('%s: address %s, parcel %s', (_, geocoded, address, parcel) => {
    expect(isComplete('address', geocoded)).toBe(address);
    expect(isComplete('parcel', geocoded)).toBe(parcel);
  });

  it('treats a blank part as missing', () => {
    expect(isComplete('address', { ...SPRINGFIELD_GEOCODED, city: '  ' })).toBe(false);
    expect(isComplete('address', { ...SPRINGFIELD_GEOCODED, streetNumber: '' })).toBe(false);
  });

  it('accepts as a parcel whatever it accepts as an address, and ignores the unit', () => {
    const part = fc.option(anyText, { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          streetNumber: part,
          street: part,
          unit: part,
          city: part,
          state: part,
          zipCode: part,
        }),
        part,
        (parts, unit) => {
          const geocoded: GeocodedAddress = { ...parts, addressComponents: [] };
          if (isComplete('address', geocoded)) expect(isComplete('parcel', geocoded)).toBe(true);
          const otherUnit = { ...geocoded, unit };
          expect(isComplete('address', otherUnit)).toBe(isComplete('address', geocoded));
          expect(isComplete('parcel', otherUnit)).toBe(isComplete('parcel', geocoded));
        },
      ),
    );
  });
});
