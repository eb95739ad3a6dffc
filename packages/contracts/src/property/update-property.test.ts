import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors.ts';
import { ADD_PROPERTY_MESSAGES } from './add-property.ts';
import { ZPropertyAddressChangeSchema } from './update-property.ts';

function errorsOf(input: unknown) {
  const result = ZPropertyAddressChangeSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('ZPropertyAddressChangeSchema', () => {
  it('asks for no role and no property: the address alone passes', () => {
    expect(
      errorsOf({
        propertyLocation: 'address',
        transactionRole: '',
        propertyAddress: {
          streetAddress: '1600 Main St',
          city: 'Springfield',
          state: 'IL',
          zipCode: '62701',
        },
      }),
    ).toEqual({});
  });

  it("gives the parcel's required-field words and the ZIP's shape message together", () => {
    expect(
      errorsOf({ propertyLocation: 'parcel', propertyAddress: { zipCode: '62701-12' } }),
    ).toEqual({
      'propertyAddress.zipCode': [ADD_PROPERTY_MESSAGES.zipCode],
      'propertyAddress.apn': ['Parcel is required'],
      'propertyAddress.streetAddress': ['Nearest Street Name is required'],
      'propertyAddress.city': ['City is required'],
      'propertyAddress.state': ['State is required'],
    });
  });
});
