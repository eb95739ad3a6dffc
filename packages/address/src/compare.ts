import { normalizeState } from './states.ts';
import { type AddressFields, type GeocodedAddress, isBlank } from './types.ts';

/** The parts of an address the entered-versus-geocoded comparison looks at. */
export type AddressPart = 'street' | 'city' | 'state' | 'zipCode';

export interface AddressComparison {
  /** True when no part differs. */
  equal: boolean;
  /** The parts that differ, in form order. */
  differing: AddressPart[];
}

/** Case-insensitive and trimmed; inner runs of spaces count as one so '123  Main' equals '123 Main'. */
function canonical(value: string | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ').toUpperCase();
}

/** States compare by code when both sides name a known one, so 'california' equals 'CA'. */
function canonicalState(value: string | undefined): string {
  return normalizeState(value ?? '') ?? canonical(value);
}

/** The geocoded street line: house number then street, whichever of them is present. */
export function geocodedStreetLine(
  geocoded: Pick<GeocodedAddress, 'streetNumber' | 'street'>,
): string {
  return [geocoded.streetNumber, geocoded.street].filter((part) => !isBlank(part)).join(' ');
}

/**
 * Compare what the person typed with what the geocoder found: street (entered streetAddress
 * against house number + street), city, state and ZIP, case-insensitively and trimmed.
 * Unit and county are not compared.
 */
export function compareAddress(
  entered: Pick<AddressFields, 'streetAddress' | 'city' | 'state' | 'zipCode'>,
  geocoded: GeocodedAddress,
): AddressComparison {
  const differing: AddressPart[] = [];
  if (canonical(entered.streetAddress) !== canonical(geocodedStreetLine(geocoded))) {
    differing.push('street');
  }
  if (canonical(entered.city) !== canonical(geocoded.city)) differing.push('city');
  if (canonicalState(entered.state) !== canonicalState(geocoded.state)) differing.push('state');
  if (canonical(entered.zipCode) !== canonical(geocoded.zipCode)) differing.push('zipCode');
  return { equal: differing.length === 0, differing };
}
