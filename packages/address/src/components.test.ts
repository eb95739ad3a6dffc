import { describe, expect, it } from 'vitest';
import { buildAddressComponents } from './components.ts';

describe('buildAddressComponents', () => {
  it('writes Google-style components for every part present', () => {
    expect(
      buildAddressComponents({
        unit: 'Apt 4',
        streetNumber: '123',
        street: 'N Main St',
        city: 'Springfield',
        county: 'Sangamon County',
        state: 'IL',
        zipCode: '62701',
      }),
    ).toEqual([
      { long_name: 'Apt 4', short_name: 'Apt 4', types: ['subpremise'] },
      { long_name: '123', short_name: '123', types: ['street_number'] },
      { long_name: 'N Main St', short_name: 'N Main St', types: ['route'] },
      { long_name: 'Springfield', short_name: 'Springfield', types: ['locality', 'political'] },
      {
        long_name: 'Sangamon County',
        short_name: 'Sangamon County',
        types: ['administrative_area_level_2', 'political'],
      },
      {
        long_name: 'Illinois',
        short_name: 'IL',
        types: ['administrative_area_level_1', 'political'],
      },
      { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
      { long_name: '62701', short_name: '62701', types: ['postal_code'] },
    ]);
  });

  it('leaves out missing and blank parts but always names the country', () => {
    expect(buildAddressComponents({ city: ' ', state: 'XX' })).toEqual([
      { long_name: 'XX', short_name: 'XX', types: ['administrative_area_level_1', 'political'] },
      { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
    ]);
  });
});
