import { type GeocodedAddress, isBlank, type PropertyLocation } from './types.ts';

type GeocodedPart = 'streetNumber' | 'street' | 'city' | 'state' | 'zipCode';

/**
 * The parts a geocoded result must carry (spec section 5). A parcel has no house number and
 * often no ZIP in the provider's answer, so neither is asked of it; unit never counts.
 */
function neededParts(location: PropertyLocation): GeocodedPart[] {
  return location === 'address'
    ? ['streetNumber', 'street', 'city', 'state', 'zipCode']
    : ['street', 'city', 'state'];
}

/** Whether a geocoded result is complete enough to accept without the confirmation dialog. */
export function isComplete(location: PropertyLocation, geocoded: GeocodedAddress): boolean {
  return neededParts(location).every((part) => !isBlank(geocoded[part]));
}
