import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyPlaceData, toPlaceData } from './place-data.ts';
import { anyFields, fields, SPRINGFIELD, SPRINGFIELD_GEOCODED } from './test-support.ts';
import { type GeocodedAddress, PROPERTY_LOCATIONS } from './types.ts';
import {
  afterDialogChoice,
  applyLikelyAddress,
  nextValidationStep,
  resetOnEdit,
  type ValidationInput,
} from './validation-step.ts';

const PARCEL = { ...SPRINGFIELD, apn: '14-22-300-010', streetAddress: 'Main St' };

function input(overrides: Partial<ValidationInput> = {}): ValidationInput {
  return {
    location: 'address',
    fields: SPRINGFIELD,
    role: 'seller',
    placeConfirmed: false,
    ...overrides,
  };
}

describe('nextValidationStep', () => {
  it('(1) stops on missing fields and role, before anything else', () => {
    expect(nextValidationStep(input({ fields: fields(), role: '', placeConfirmed: true }))).toEqual(
      {
        step: 'errors',
        errors: {
          streetAddress: 'Street Address is required',
          city: 'City is required',
          state: 'State is required',
          zipCode: 'Zip Code is required',
          transactionRole: 'Please select your role.',
        },
      },
    );
  });

  it('(1) asks a parcel for its APN', () => {
    expect(nextValidationStep(input({ location: 'parcel' }))).toEqual({
      step: 'errors',
      errors: { apn: 'Parcel is required' },
    });
  });

  it('(2) accepts an already confirmed place without geocoding', () => {
    expect(nextValidationStep(input({ placeConfirmed: true }))).toEqual({ step: 'accept' });
    expect(
      nextValidationStep(input({ location: 'parcel', fields: PARCEL, placeConfirmed: true })),
    ).toEqual({ step: 'accept' });
  });

  it('(3) asks for a geocode of the entered address', () => {
    expect(nextValidationStep(input())).toEqual({
      step: 'geocode',
      query: {
        text: '123 N Main St, Springfield, IL 62701',
        fields: SPRINGFIELD,
        location: 'address',
      },
    });
  });

  it('opens the map when geocoding failed', () => {
    expect(nextValidationStep(input({ geocoded: 'failed' }))).toEqual({ step: 'map' });
    expect(
      nextValidationStep(input({ location: 'parcel', fields: PARCEL, geocoded: 'failed' })),
    ).toEqual({
      step: 'map',
    });
  });

  it('(4) opens the map for a parcel, centred on the result', () => {
    const { streetNumber: _n, ...result } = SPRINGFIELD_GEOCODED;
    expect(
      nextValidationStep(input({ location: 'parcel', fields: PARCEL, geocoded: result })),
    ).toEqual({
      step: 'map',
      result,
    });
  });

  it('(4) accepts an address that equals the result', () => {
    expect(nextValidationStep(input({ geocoded: SPRINGFIELD_GEOCODED }))).toEqual({
      step: 'accept',
      result: SPRINGFIELD_GEOCODED,
    });
  });

  it.each(['streetNumber', 'street', 'city', 'state', 'zipCode'] as const)(
    '(4) asks for confirmation when the result has no %s',
    (part) => {
      const result: GeocodedAddress = { ...SPRINGFIELD_GEOCODED };
      delete result[part];
      expect(nextValidationStep(input({ geocoded: result }))).toEqual({ step: 'confirm', result });
    },
  );

  it('(4) confirms a result lacking a house number even if the text matches', () => {
    const typed = { ...SPRINGFIELD, streetAddress: 'N Main St' };
    const { streetNumber: _n, ...result } = SPRINGFIELD_GEOCODED;
    expect(nextValidationStep(input({ fields: typed, geocoded: result }))).toEqual({
      step: 'confirm',
      result,
    });
  });

  it('(4) offers the entered and likely addresses when parts differ', () => {
    const typed = { ...SPRINGFIELD, streetAddress: '123 north main street', city: 'Chatham' };
    expect(nextValidationStep(input({ fields: typed, geocoded: SPRINGFIELD_GEOCODED }))).toEqual({
      step: 'choose',
      entered: typed,
      likely: { ...SPRINGFIELD, county: 'Sangamon County' },
      differing: ['street', 'city'],
      result: SPRINGFIELD_GEOCODED,
    });
  });

  it('always answers with errors when a required field is blank', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PROPERTY_LOCATIONS),
        anyFields,
        fc.constantFrom('', 'seller'),
        fc.boolean(),
        (location, form, role, placeConfirmed) => {
          const step = nextValidationStep({ location, fields: form, role, placeConfirmed });
          const blank = ['streetAddress', 'city', 'state', 'zipCode'].some(
            (field) => form[field as keyof typeof form].trim() === '',
          );
          if (blank || role === '' || (location === 'parcel' && form.apn.trim() === '')) {
            expect(step.step).toBe('errors');
          } else {
            expect(step.step).toBe(placeConfirmed ? 'accept' : 'geocode');
          }
        },
      ),
    );
  });

  it('never opens an address dialog for a parcel', () => {
    const part = fc.option(fc.constantFrom('', '123', 'Main St', 'Springfield', 'IL', '62701'), {
      nil: undefined,
    });
    fc.assert(
      fc.property(
        fc.record({ streetNumber: part, street: part, city: part, state: part, zipCode: part }),
        (parts) => {
          const geocoded = { ...parts, addressComponents: [] };
          const step = nextValidationStep(input({ location: 'parcel', fields: PARCEL, geocoded }));
          expect(step.step).toBe('map');
        },
      ),
    );
  });
});

describe('afterDialogChoice', () => {
  it('accepts an address and sends a parcel to the map', () => {
    expect(afterDialogChoice('address')).toEqual({ step: 'accept' });
    expect(afterDialogChoice('parcel')).toEqual({ step: 'map' });
  });
});

describe('applyLikelyAddress', () => {
  it('fills every part the geocoder found and keeps the APN', () => {
    const typed = fields({
      apn: 'APN-1',
      streetAddress: '123 north main street',
      unit: 'apt 4',
      city: 'chatham',
      state: 'il',
      zipCode: '62629',
    });
    expect(applyLikelyAddress(typed, { ...SPRINGFIELD_GEOCODED, unit: 'Apt 4' })).toEqual({
      apn: 'APN-1',
      streetAddress: '123 N Main St',
      unit: 'Apt 4',
      city: 'Springfield',
      county: 'Sangamon County',
      state: 'IL',
      zipCode: '62701',
    });
  });

  it('keeps what was entered where the geocoder found nothing', () => {
    const typed = fields({ streetAddress: '9 Elm St', unit: '2', city: 'Chatham', county: 'Old' });
    expect(applyLikelyAddress(typed, { addressComponents: [], state: 'IL', city: ' ' })).toEqual({
      ...typed,
      state: 'IL',
    });
  });

  it('uses the street without a house number when the geocoder has none', () => {
    const { streetNumber: _n, ...result } = SPRINGFIELD_GEOCODED;
    expect(applyLikelyAddress(SPRINGFIELD, result).streetAddress).toBe('N Main St');
  });
});

describe('resetOnEdit', () => {
  it('clears the county and the confirmation and keeps everything else', () => {
    const state = {
      fields: { ...SPRINGFIELD, county: 'Sangamon County' },
      placeData: toPlaceData(SPRINGFIELD_GEOCODED),
      readOnly: false,
    };
    const reset = resetOnEdit(state);
    expect(reset.fields).toEqual({ ...SPRINGFIELD, county: '' });
    expect(reset.placeData).toEqual({ ...state.placeData, confirmedJson: false });
    expect(reset.readOnly).toBe(false);
    expect(state.placeData.confirmedJson).toBe(true);
  });

  it('makes the next submit geocode again', () => {
    const confirmed = {
      fields: SPRINGFIELD,
      placeData: { ...emptyPlaceData(), confirmedJson: true },
    };
    const reset = resetOnEdit(confirmed);
    const step = nextValidationStep(
      input({ fields: reset.fields, placeConfirmed: reset.placeData.confirmedJson }),
    );
    expect(step.step).toBe('geocode');
  });
});
