import { describe, expect, it } from 'vitest';
import { applyMapPin, emptyPlaceData, toPlaceData, ZPlaceDataSchema } from './place-data.ts';
import { SPRINGFIELD_GEOCODED } from './test-support.ts';

const COMPONENTS = [
  { long_name: '123', short_name: '123', types: ['street_number'] },
  { long_name: 'North Main Street', short_name: 'N Main St', types: ['route'] },
];
const VIEWPORT = {
  northeast: { lat: 39.81, lng: -89.64 },
  southwest: { lat: 39.79, lng: -89.66 },
};

describe('toPlaceData', () => {
  it('carries coordinates, viewport and the components as versioned JSON', () => {
    const placeData = toPlaceData({
      ...SPRINGFIELD_GEOCODED,
      addressComponents: COMPONENTS,
      viewport: VIEWPORT,
    });
    expect(placeData).toEqual({
      confirmedJson: true,
      lat: 39.8,
      lng: -89.65,
      json: JSON.stringify({ address_components: COMPONENTS, version: '1.0' }),
      viewport: VIEWPORT,
    });
    expect(JSON.parse(placeData.json)).toEqual({ address_components: COMPONENTS, version: '1.0' });
    expect(ZPlaceDataSchema.parse(placeData)).toEqual(placeData);
  });

  it('uses null for what the result lacks', () => {
    expect(toPlaceData({ addressComponents: [] })).toEqual({
      confirmedJson: true,
      lat: null,
      lng: null,
      json: '{"address_components":[],"version":"1.0"}',
      viewport: null,
    });
  });

  it('can keep a result unconfirmed while a dialog is open', () => {
    expect(toPlaceData(SPRINGFIELD_GEOCODED, { confirmed: false }).confirmedJson).toBe(false);
  });
});

describe('emptyPlaceData and applyMapPin', () => {
  it('starts unconfirmed with nothing in it', () => {
    expect(emptyPlaceData()).toEqual({
      confirmedJson: false,
      lat: null,
      lng: null,
      json: '',
      viewport: null,
    });
  });

  it('takes the pin position and counts the address as validated', () => {
    const pinned = applyMapPin(toPlaceData(SPRINGFIELD_GEOCODED, { confirmed: false }), {
      lat: 39.801,
      lng: -89.651,
    });
    expect(pinned).toMatchObject({ lat: 39.801, lng: -89.651, confirmedJson: true });
    expect(pinned.json).toContain('"version":"1.0"');
  });
});
