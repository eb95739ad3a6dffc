import { findUsRegion } from './states.ts';
import type { AddressComponent, GeocodedAddress } from './types.ts';

type Parts = Pick<
  GeocodedAddress,
  'streetNumber' | 'street' | 'unit' | 'city' | 'county' | 'state' | 'zipCode'
>;

/**
 * Google-style address_components for a result from a provider that does not return them
 * (the offline gazetteer, Census, Nominatim), so placeData.json has one shape whatever the source.
 */
export function buildAddressComponents(parts: Parts): AddressComponent[] {
  const components: AddressComponent[] = [];
  const add = (value: string | undefined, types: string[], shortName = value) => {
    if (value?.trim()) components.push({ long_name: value, short_name: shortName ?? value, types });
  };
  add(parts.unit, ['subpremise']);
  add(parts.streetNumber, ['street_number']);
  add(parts.street, ['route']);
  add(parts.city, ['locality', 'political']);
  add(parts.county, ['administrative_area_level_2', 'political']);
  if (parts.state) {
    add(
      findUsRegion(parts.state)?.name ?? parts.state,
      ['administrative_area_level_1', 'political'],
      parts.state,
    );
  }
  add('United States', ['country', 'political'], 'US');
  add(parts.zipCode, ['postal_code']);
  return components;
}
