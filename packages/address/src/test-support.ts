import fc from 'fast-check';
import { type AddressFields, emptyAddressFields, type GeocodedAddress } from './types.ts';

/** Test helpers shared by the rule tests; not exported from the package. */
export function fields(overrides: Partial<AddressFields> = {}): AddressFields {
  return { ...emptyAddressFields(), ...overrides };
}

/** A complete address as the form holds it, and the same address as a geocoder found it. */
export const SPRINGFIELD = fields({
  streetAddress: '123 N Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
});

export const SPRINGFIELD_GEOCODED: GeocodedAddress = {
  streetNumber: '123',
  street: 'N Main St',
  city: 'Springfield',
  county: 'Sangamon County',
  state: 'IL',
  zipCode: '62701',
  lat: 39.8,
  lng: -89.65,
  addressComponents: [],
};

/** Any string, including blanks, whitespace and ordinary text. */
export const anyText = fc.oneof(
  fc.constant(''),
  fc.constantFrom(' ', '\t', '  \n '),
  fc.string(),
  fc.stringMatching(/^[A-Za-z0-9 ]{1,12}$/),
);

/** Arbitrary form fields. */
export const anyFields: fc.Arbitrary<AddressFields> = fc.record({
  apn: anyText,
  streetAddress: anyText,
  unit: anyText,
  city: anyText,
  county: anyText,
  state: anyText,
  zipCode: anyText,
});

/** A word with at least one visible character. */
export const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,9}$/);
