import { plainText } from '@lantern/domain';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors.ts';
import {
  ADD_PROPERTY_MESSAGES,
  parsePlaceJson,
  ZAddPropertyRequestSchema,
} from './add-property.ts';

const address = {
  streetAddress: '1600 Main St',
  unit: '',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
};

function errorsOf(input: unknown) {
  const result = ZAddPropertyRequestSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('ZAddPropertyRequestSchema', () => {
  it('accepts a complete address and fills absent optional fields with blanks', () => {
    const parsed = ZAddPropertyRequestSchema.parse({
      propertyLocation: 'address',
      transactionRole: 'seller',
      propertyAddress: address,
    });
    expect(parsed.propertyAddress).toEqual({ ...address, apn: '', county: '' });
  });

  it("gives the spec's required-field and role messages together", () => {
    expect(
      errorsOf({ propertyLocation: 'address', transactionRole: '', propertyAddress: {} }),
    ).toEqual({
      transactionRole: ['Please select your role.'],
      'propertyAddress.streetAddress': ['Street Address is required'],
      'propertyAddress.city': ['City is required'],
      'propertyAddress.state': ['State is required'],
      'propertyAddress.zipCode': ['Zip Code is required'],
    });
  });

  it('asks a parcel for its APN and calls its street the nearest street name', () => {
    expect(
      errorsOf({ propertyLocation: 'parcel', transactionRole: 'buyer', propertyAddress: {} }),
    ).toMatchObject({
      'propertyAddress.apn': ['Parcel is required'],
      'propertyAddress.streetAddress': ['Nearest Street Name is required'],
    });
  });

  it('treats whitespace and markup-only values as blank', () => {
    expect(
      errorsOf({
        propertyLocation: 'address',
        transactionRole: 'seller',
        propertyAddress: { ...address, city: '  <b></b> ' },
      }),
    ).toEqual({ 'propertyAddress.city': ['City is required'] });
  });

  it('refuses roles a customer cannot pick and unknown location types', () => {
    expect(
      errorsOf({ propertyLocation: 'moon', transactionRole: 'admin', propertyAddress: address }),
    ).toEqual({
      propertyLocation: [ADD_PROPERTY_MESSAGES.location],
      transactionRole: ['Please select your role.'],
    });
    expect(
      errorsOf({
        propertyLocation: 'address',
        transactionRole: 'sellerAgent',
        propertyAddress: address,
      }),
    ).toEqual({ transactionRole: ['Please select your role.'] });
  });

  it('checks lengths, the state and the ZIP', () => {
    expect(
      errorsOf({
        propertyLocation: 'address',
        transactionRole: 'seller',
        propertyAddress: { ...address, city: 'x'.repeat(10_240), state: 'ZZ', zipCode: '1234' },
      }),
    ).toEqual({
      'propertyAddress.city': ['Use no more than 100 characters.'],
      'propertyAddress.state': [ADD_PROPERTY_MESSAGES.state],
      'propertyAddress.zipCode': [ADD_PROPERTY_MESSAGES.zipCode],
    });
  });

  it('takes a state name or code in any case and keeps the code; takes ZIP+4', () => {
    const parsed = ZAddPropertyRequestSchema.parse({
      propertyLocation: 'address',
      transactionRole: 'landlord',
      propertyAddress: { ...address, state: 'illinois', zipCode: '62701-1234' },
    });
    expect(parsed.propertyAddress.state).toBe('IL');
    expect(parsed.propertyAddress.zipCode).toBe('62701-1234');
  });

  it('refuses territories: a property is in one of the 50 states or DC', () => {
    expect(
      errorsOf({
        propertyLocation: 'address',
        transactionRole: 'seller',
        propertyAddress: { ...address, state: 'PR' },
      }),
    ).toEqual({ 'propertyAddress.state': [ADD_PROPERTY_MESSAGES.state] });
  });

  it('stores plain text: tags and script bodies are removed', () => {
    const parsed = ZAddPropertyRequestSchema.parse({
      propertyLocation: 'address',
      transactionRole: 'seller',
      propertyAddress: {
        ...address,
        streetAddress: '1600 <b>Main</b> St<script>alert(1)</script>',
        unit: '<img src=x onerror=alert(1)>Apt 2',
      },
    });
    expect(parsed.propertyAddress.streetAddress).toBe('1600 Main St');
    expect(parsed.propertyAddress.unit).toBe('Apt 2');
  });

  it('answers a type error at its path', () => {
    expect(
      errorsOf({ propertyLocation: 'address', transactionRole: 'seller', propertyAddress: 'x' }),
    ).toEqual({ propertyAddress: ['Invalid input: expected object, received string'] });
  });
});

describe('plainText', () => {
  it.each([
    ['  123   Main\tSt ', '123 Main St'],
    ['a<b>c', 'a c'],
    ['1 < 2 > 0', '1 2 0'],
    ['nul\u0000byte', 'nul byte'],
    ['<style>p{}</style>Oak', 'Oak'],
  ])('%j -> %j', (input, output) => {
    expect(plainText(input)).toBe(output);
  });
});

describe('parsePlaceJson', () => {
  it('keeps the documented shape and drops anything else', () => {
    const good = {
      address_components: [
        { long_name: 'Springfield', short_name: 'Springfield', types: ['locality'] },
      ],
      version: '1.0',
    };
    expect(parsePlaceJson(JSON.stringify(good))).toEqual(good);
    expect(parsePlaceJson('')).toBeNull();
    expect(parsePlaceJson('{not json')).toBeNull();
    expect(parsePlaceJson(JSON.stringify({ ...good, version: '2.0' }))).toBeNull();
  });
});
