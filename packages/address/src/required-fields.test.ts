import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fieldLabel,
  ROLE_REQUIRED_MESSAGE,
  requiredFieldErrors,
  requiredFields,
  submissionErrors,
} from './required-fields.ts';
import { anyFields, fields, SPRINGFIELD } from './test-support.ts';
import { ADDRESS_FIELDS, isBlank, PROPERTY_LOCATIONS } from './types.ts';

describe('fieldLabel', () => {
  it.each([
    ['address', 'apn', 'Parcel'],
    ['address', 'streetAddress', 'Street Address'],
    ['parcel', 'streetAddress', 'Nearest Street Name'],
    ['parcel', 'city', 'City'],
    ['address', 'state', 'State'],
    ['address', 'zipCode', 'Zip Code'],
    ['address', 'unit', 'Unit'],
    ['address', 'county', 'County'],
  ] as const)('%s %s -> %s', (location, field, label) => {
    expect(fieldLabel(location, field)).toBe(label);
  });
});

describe('requiredFieldErrors', () => {
  it('asks nothing of a complete address', () => {
    expect(requiredFieldErrors('address', SPRINGFIELD)).toEqual({});
  });

  it('names every missing field of an empty address form', () => {
    expect(requiredFieldErrors('address', fields())).toEqual({
      streetAddress: 'Street Address is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'Zip Code is required',
    });
  });

  it('asks a parcel for its APN and calls the street the nearest street', () => {
    expect(requiredFieldErrors('parcel', fields())).toEqual({
      apn: 'Parcel is required',
      streetAddress: 'Nearest Street Name is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'Zip Code is required',
    });
    expect(requiredFieldErrors('parcel', { ...SPRINGFIELD, apn: '123-456-789' })).toEqual({});
  });

  it('does not ask an address for an APN, a unit or a county', () => {
    expect(
      requiredFieldErrors('address', { ...SPRINGFIELD, apn: '', unit: '', county: '' }),
    ).toEqual({});
  });

  it.each([' ', '\t', '  \n'])('counts whitespace %j as missing', (blank) => {
    expect(requiredFieldErrors('address', { ...SPRINGFIELD, city: blank })).toEqual({
      city: 'City is required',
    });
  });

  it('counts an absent key as missing', () => {
    const { zipCode: _omitted, ...partial } = SPRINGFIELD;
    expect(requiredFieldErrors('address', partial)).toEqual({ zipCode: 'Zip Code is required' });
  });

  it('gives an error exactly for each blank required field', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROPERTY_LOCATIONS), anyFields, (location, form) => {
        const errors = requiredFieldErrors(location, form);
        for (const field of ADDRESS_FIELDS) {
          const required = (requiredFields(location) as string[]).includes(field);
          const expected = required && isBlank(form[field]);
          expect(field in errors).toBe(expected);
          if (expected) {
            expect(errors[field as keyof typeof errors]).toBe(
              `${fieldLabel(location, field)} is required`,
            );
          }
        }
      }),
    );
  });
});

describe('submissionErrors', () => {
  it('adds the role message when no role is chosen', () => {
    expect(submissionErrors('address', SPRINGFIELD, '')).toEqual({
      transactionRole: ROLE_REQUIRED_MESSAGE,
    });
    expect(submissionErrors('address', SPRINGFIELD, null)).toEqual({
      transactionRole: 'Please select your role.',
    });
  });

  it('is empty for a complete form with a role', () => {
    expect(submissionErrors('address', SPRINGFIELD, 'seller')).toEqual({});
  });

  it('reports fields and role together', () => {
    expect(submissionErrors('address', { ...SPRINGFIELD, city: '' }, ' ')).toEqual({
      city: 'City is required',
      transactionRole: 'Please select your role.',
    });
  });
});
