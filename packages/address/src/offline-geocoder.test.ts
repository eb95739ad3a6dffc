import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGazetteer } from './gazetteer/load.ts';
import { GeocoderError } from './geocoder.ts';
import { createOfflineGeocoder } from './offline-geocoder.ts';
import { fields, SPRINGFIELD } from './test-support.ts';
import type { AddressFields } from './types.ts';
import { nextValidationStep } from './validation-step.ts';

const geocoder = createOfflineGeocoder();
beforeAll(() => geocoder.ready());

async function geocodeFields(typed: AddressFields, location: 'address' | 'parcel' = 'address') {
  const outcome = await geocoder.geocode({ fields: typed, location });
  if (!outcome.ok) throw new Error(`expected a result, got ${outcome.reason}`);
  return outcome.result;
}

/** What the form does with the offline answer for these fields. */
async function stepFor(typed: AddressFields) {
  const outcome = await geocoder.geocode({ fields: typed, location: 'address' });
  return nextValidationStep({
    location: 'address',
    fields: typed,
    role: 'seller',
    placeConfirmed: false,
    geocoded: outcome.ok ? outcome.result : 'failed',
  });
}

describe('offline geocode', () => {
  it('answers a known address with the ZIP place, its county and centroid', async () => {
    expect(await geocodeFields(SPRINGFIELD)).toEqual({
      streetNumber: '123',
      street: 'N Main St',
      city: 'Springfield',
      county: 'Sangamon County',
      state: 'IL',
      zipCode: '62701',
      lat: expect.closeTo(39.8, 1),
      lng: expect.closeTo(-89.65, 1),
      precision: 'zip',
      formatted: '123 N Main St, Springfield, IL 62701, USA',
      addressComponents: expect.arrayContaining([
        { long_name: 'N Main St', short_name: 'N Main St', types: ['route'] },
        {
          long_name: 'Illinois',
          short_name: 'IL',
          types: ['administrative_area_level_1', 'political'],
        },
      ]),
    });
  });

  it('accepts an address already in normal form', async () => {
    expect(await stepFor(SPRINGFIELD)).toMatchObject({ step: 'accept' });
    // The exact match carries the geocoded result: its county, position and standard casing
    // are what the form posts (issue 36: they were dropped on this path).
    expect(
      await stepFor({ ...SPRINGFIELD, streetAddress: '123 n main st', city: 'springfield' }),
    ).toMatchObject({
      step: 'accept',
      result: {
        streetNumber: '123',
        street: 'N Main St',
        city: 'Springfield',
        county: 'Sangamon County',
        precision: 'zip',
        lat: expect.any(Number),
        lng: expect.any(Number),
      },
    });
  });

  it('offers the USPS form of a street written another way', async () => {
    const typed = { ...SPRINGFIELD, streetAddress: '123 north main street' };
    expect(await stepFor(typed)).toMatchObject({
      step: 'choose',
      differing: ['street'],
      likely: { streetAddress: '123 N Main St', city: 'Springfield', county: 'Sangamon County' },
    });
  });

  it('asks for confirmation when there is no house number', async () => {
    const typed = { ...SPRINGFIELD, streetAddress: 'Main St' };
    const step = await stepFor(typed);
    expect(step.step).toBe('confirm');
    expect(step).toMatchObject({ result: { street: 'Main St' } });
    expect(step.step === 'confirm' && 'streetNumber' in step.result).toBe(false);
  });

  it("gives the ZIP's city when the city does not match the ZIP", async () => {
    const typed = { ...SPRINGFIELD, city: 'Chicago' };
    expect(await stepFor(typed)).toMatchObject({
      step: 'choose',
      differing: ['city'],
      likely: { city: 'Springfield', zipCode: '62701' },
    });
  });

  it("gives the ZIP's state when the state does not match the ZIP", async () => {
    const result = await geocodeFields({ ...SPRINGFIELD, state: 'MO' });
    expect(result).toMatchObject({ city: 'Springfield', state: 'IL', zipCode: '62701' });
  });

  it("suggests the city's ZIP when the ZIP does not exist", async () => {
    for (const zipCode of ['00000', '6270', '']) {
      expect(await geocodeFields({ ...SPRINGFIELD, zipCode })).toMatchObject({
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
      });
    }
    expect(await stepFor({ ...SPRINGFIELD, zipCode: '00000' })).toMatchObject({
      step: 'choose',
      differing: ['zipCode'],
    });
  });

  it('finds a city written with an abbreviation', async () => {
    const result = await geocodeFields(
      fields({
        streetAddress: '1 Market St',
        city: 'St. Louis',
        state: 'missouri',
        zipCode: '00000',
      }),
    );
    expect(result).toMatchObject({ city: 'Saint Louis', state: 'MO' });
  });

  it.each([
    fields({ streetAddress: '1 Nowhere Rd', city: 'Atlantis', state: 'IL', zipCode: '00000' }),
    fields({ streetAddress: '1 Nowhere Rd', city: 'Springfield', state: 'Ontario', zipCode: '' }),
    fields({ streetAddress: '1 Nowhere Rd', city: 'Springfield', state: '', zipCode: '09001' }),
    fields(),
  ])('does not find %j', async (typed) => {
    expect(await geocoder.geocode({ fields: typed, location: 'address' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(
      await stepFor({ ...typed, streetAddress: 'x', city: 'x', state: 'x', zipCode: '00000' }),
    ).toEqual({ step: 'map' });
  });

  it('normalises the unit from its own field or from the street line', async () => {
    expect(await geocodeFields({ ...SPRINGFIELD, unit: 'apartment 4' })).toMatchObject({
      unit: 'Apt 4',
    });
    expect(await geocodeFields({ ...SPRINGFIELD, unit: '4B' })).toMatchObject({ unit: '4B' });
    const inLine = await geocodeFields({ ...SPRINGFIELD, streetAddress: '123 N Main St #4' });
    expect(inLine).toMatchObject({ streetNumber: '123', street: 'N Main St', unit: '#4' });
    expect(inLine.formatted).toBe('123 N Main St, #4, Springfield, IL 62701, USA');
  });

  it('never invents a street', async () => {
    const result = await geocodeFields({ ...SPRINGFIELD, streetAddress: '' }, 'parcel');
    expect(result).not.toHaveProperty('street');
    expect(result).not.toHaveProperty('streetNumber');
  });

  it('geocodes a parcel by its nearest street', async () => {
    const parcel = { ...SPRINGFIELD, apn: '14-22-300-010', streetAddress: 'old route 66' };
    expect(await geocodeFields(parcel, 'parcel')).toMatchObject({
      street: 'Old Route 66',
      zipCode: '62701',
    });
  });

  it.each([
    [
      '123 N Main St, Springfield, IL 62701',
      { streetNumber: '123', street: 'N Main St', city: 'Springfield' },
    ],
    ['123 north main street springfield il 62701', { street: 'N Main St', city: 'Springfield' }],
    ['123 Main St Chatham IL', { street: 'Main St', city: 'Chatham', zipCode: '62629' }],
    ['90210', { city: 'Beverly Hills', state: 'CA', county: 'Los Angeles County' }],
    ['Springfield, IL', { city: 'Springfield', zipCode: '62701' }],
  ])('geocodes the text %j', async (text, expected) => {
    const outcome = await geocoder.geocode({ text, location: 'address' });
    expect(outcome).toMatchObject({ ok: true, result: expected });
  });

  it('accepts the normal form of any gazetteer place', async () => {
    const gazetteer = await loadGazetteer();
    const zip = fc
      .integer({ min: 0, max: 99999 })
      .map((n) => gazetteer.byZip(String(n).padStart(5, '0')))
      .filter((place) => place !== undefined);
    await fc.assert(
      fc.asyncProperty(zip, fc.integer({ min: 1, max: 9999 }), async (place, number) => {
        const typed = fields({
          streetAddress: `${number} Oak St`,
          city: place?.city,
          state: place?.state,
          zipCode: place?.zip,
        });
        expect(await stepFor(typed)).toMatchObject({ step: 'accept' });
      }),
      { numRuns: 200 },
    );
  });
});

describe('offline autocomplete', () => {
  it.each([
    ['627', 'Springfield, IL 62701'],
    ['springfield, il', 'Springfield, IL 62701'],
    ['springfield il 6270', 'Springfield, IL 62701'],
    ['beverly hills', 'Beverly Hills, CA 90209'],
    ['st lo', 'Saint Louis, MO 63101'],
  ])('completes %j', async (input, first) => {
    const suggestions = await geocoder.autocomplete(input);
    expect(suggestions[0]?.description).toBe(first);
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
  });

  it('puts the biggest place of a name first: Austin is Austin, TX', async () => {
    const [first, second] = await geocoder.autocomplete('Austin');
    expect(first?.description).toBe('Austin, TX 73301');
    expect(second?.mainText).toBe('Austin');
  });

  it.each([
    ['Austin, TX', 'Austin, TX 73301'],
    ['Austin TX', 'Austin, TX 73301'],
    ['Franklin PA', 'Franklin, PA 16323'],
    ['Hanover pa', 'Hanover, PA 17331'],
  ])('puts the typed city in the typed state first for %j', async (input, first) => {
    const suggestions = await geocoder.autocomplete(input);
    expect(suggestions[0]?.description).toBe(first);
  });

  it('writes suggestions as City, ST ZIP keyed by ZIP', async () => {
    const [first] = await geocoder.autocomplete('62701');
    expect(first).toEqual({
      id: '62701',
      description: 'Springfield, IL 62701',
      mainText: 'Springfield',
      secondaryText: 'IL 62701',
    });
  });

  it('reads a trailing two letters as the start of a city first', async () => {
    const suggestions = (await geocoder.autocomplete('fort wa')).map((s) => s.mainText);
    expect(suggestions).toContain('Fort Wayne');
  });

  it('limits to 8 and keeps each ZIP once', async () => {
    for (const input of ['s', 'spring', '1', 'springfield']) {
      const suggestions = await geocoder.autocomplete(input);
      expect(suggestions).toHaveLength(8);
      expect(new Set(suggestions.map((s) => s.id)).size).toBe(8);
    }
  });

  it.each(['', '   ', 'zzzzqx', ', il'])('has nothing for %j', async (input) => {
    expect(await geocoder.autocomplete(input)).toEqual([]);
  });
});

describe('offline geocoder failures', () => {
  const broken = createOfflineGeocoder({
    loadGazetteer: () => Promise.reject(new Error('no data')),
  });

  it('reports a gazetteer that will not load as a provider error', async () => {
    expect(await broken.geocode({ text: '62701', location: 'address' })).toEqual({
      ok: false,
      reason: 'provider_error',
      detail: 'offline gazetteer: Error: no data',
    });
    await expect(broken.autocomplete('spring')).rejects.toBeInstanceOf(GeocoderError);
  });

  it("rejects with the caller's reason when aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error('left the page'));
    await expect(
      geocoder.geocode({ text: '62701', location: 'address' }, controller.signal),
    ).rejects.toThrow('left the page');
    await expect(broken.autocomplete('spring', controller.signal)).rejects.toThrow('left the page');
  });
});
