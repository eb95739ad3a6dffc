import { z } from 'zod';
import { buildAddressComponents } from '../components.ts';
import type { GeocodeOutcome, GeocodeQuery } from '../geocoder.ts';
import { formatOneLine } from '../one-line.ts';
import { titleCase } from '../text.ts';
import type { GeocodedAddress } from '../types.ts';
import { standardDirectional } from '../usps/directionals.ts';
import { fetchJson, type HttpOptions, zip5 } from './http.ts';

export interface CensusGeocoderOptions extends HttpOptions {
  /** Default https://geocoding.geo.census.gov. */
  baseUrl?: string;
}

const ZMatchSchema = z.object({
  matchedAddress: z.string(),
  coordinates: z.object({ x: z.number(), y: z.number() }),
  addressComponents: z.object({
    preQualifier: z.string().default(''),
    preDirection: z.string().default(''),
    preType: z.string().default(''),
    streetName: z.string().default(''),
    suffixType: z.string().default(''),
    suffixDirection: z.string().default(''),
    suffixQualifier: z.string().default(''),
    city: z.string().default(''),
    state: z.string().default(''),
    zip: z.string().default(''),
  }),
});

/** The locations/onelineaddress JSON response (only the fields used). */
const ZResponseSchema = z.object({
  result: z.object({ addressMatches: z.array(ZMatchSchema) }),
});

/**
 * The Census answer names the matched address range (fromAddress-toAddress) rather than the
 * house, so the number comes from the front of matchedAddress, which echoes the one asked for.
 */
const HOUSE_NUMBER = /^(\d+[A-Z]?(?:-\d+[A-Z]?)?)\s/;

function toGeocoded(match: z.infer<typeof ZMatchSchema>): GeocodedAddress {
  const parts = match.addressComponents;
  // Census already writes USPS abbreviations in capitals; only the case changes for display.
  const street = [
    parts.preQualifier,
    parts.preDirection,
    parts.preType,
    parts.streetName,
    parts.suffixType,
    parts.suffixDirection,
    parts.suffixQualifier,
  ]
    .filter(Boolean)
    .map((word) => (standardDirectional(word) === word ? word : titleCase(word)))
    .join(' ');
  const geocoded: GeocodedAddress = {
    lat: match.coordinates.y,
    lng: match.coordinates.x,
    formatted: match.matchedAddress,
    addressComponents: [],
    // The Census places a house by interpolating along its address range.
    precision: 'street',
  };
  const number = HOUSE_NUMBER.exec(match.matchedAddress)?.[1];
  if (number) geocoded.streetNumber = number;
  if (street) geocoded.street = street;
  if (parts.city) geocoded.city = titleCase(parts.city);
  if (parts.state) geocoded.state = parts.state;
  const zip = zip5(parts.zip);
  if (zip) geocoded.zipCode = zip;
  geocoded.addressComponents = buildAddressComponents(geocoded);
  return geocoded;
}

/**
 * US Census Bureau geocoder (locations/onelineaddress, current address-range benchmark). It is
 * US-only by nature, free and keyless, but knows no counties or viewports at this endpoint and
 * offers no autocomplete.
 */
export function createCensusGeocoder(options: CensusGeocoderOptions = {}) {
  const base = options.baseUrl ?? 'https://geocoding.geo.census.gov';
  return {
    async geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeOutcome> {
      const text = query.text?.trim() || formatOneLine(query.fields ?? {});
      if (text === '') return { ok: false, reason: 'not_found' };
      const url = new URL('/geocoder/locations/onelineaddress', base);
      url.searchParams.set('address', text);
      url.searchParams.set('benchmark', 'Public_AR_Current');
      url.searchParams.set('format', 'json');
      const answer = await fetchJson(url, {}, ZResponseSchema, options, signal);
      if (!answer.ok) return { ok: false, reason: 'provider_error', detail: answer.detail };
      const match = answer.body.result.addressMatches[0];
      return match ? { ok: true, result: toGeocoded(match) } : { ok: false, reason: 'not_found' };
    },
  };
}
