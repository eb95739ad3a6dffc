import { z } from 'zod';
import { buildAddressComponents } from '../components.ts';
import type { GeocodeOutcome, GeocodeQuery } from '../geocoder.ts';
import { formatOneLine } from '../one-line.ts';
import { normalizeState } from '../states.ts';
import type { GeocodedAddress } from '../types.ts';
import { normalizeStreetName } from '../usps/street.ts';
import { fetchJson, type HttpOptions, zip5 } from './http.ts';

export interface NominatimGeocoderOptions extends HttpOptions {
  /** Nominatim's usage policy requires a User-Agent that identifies the application. */
  userAgent: string;
  /** Default https://nominatim.openstreetmap.org (a self-hosted instance works the same). */
  baseUrl?: string;
}

const ZPlaceSchema = z.object({
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  display_name: z.string().optional(),
  boundingbox: z.array(z.coerce.number()).length(4).optional(),
  address: z
    .object({
      house_number: z.string().optional(),
      road: z.string().optional(),
      city: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      hamlet: z.string().optional(),
      county: z.string().optional(),
      state: z.string().optional(),
      'ISO3166-2-lvl4': z.string().optional(),
      postcode: z.string().optional(),
      country_code: z.string().optional(),
    })
    .default({}),
});

/** The /search jsonv2 response: a list of places, best first. */
const ZResponseSchema = z.array(ZPlaceSchema);

function toGeocoded(place: z.infer<typeof ZPlaceSchema>): GeocodedAddress {
  const { address } = place;
  // OpenStreetMap places a house number on its building or entrance; a road alone is a street.
  const precision = address.house_number ? 'rooftop' : address.road ? 'street' : 'zip';
  const geocoded: GeocodedAddress = {
    lat: place.lat,
    lng: place.lon,
    addressComponents: [],
    precision,
  };
  if (address.house_number) geocoded.streetNumber = address.house_number;
  // OpenStreetMap spells street names out ('North Main Street'); shorten them the USPS way.
  const street = address.road ? normalizeStreetName(address.road) : undefined;
  if (street) geocoded.street = street;
  const city = address.city ?? address.town ?? address.village ?? address.hamlet;
  if (city) geocoded.city = city;
  if (address.county) geocoded.county = address.county;
  const iso = address['ISO3166-2-lvl4'];
  const state = iso?.startsWith('US-') ? iso.slice(3) : normalizeState(address.state ?? '');
  if (state) geocoded.state = state;
  const zip = zip5(address.postcode);
  if (zip) geocoded.zipCode = zip;
  if (place.display_name) geocoded.formatted = place.display_name;
  // boundingbox is [south, north, west, east].
  const [south, north, west, east] = place.boundingbox ?? [];
  if (south !== undefined && north !== undefined && west !== undefined && east !== undefined) {
    geocoded.viewport = {
      northeast: { lat: north, lng: east },
      southwest: { lat: south, lng: west },
    };
  }
  geocoded.addressComponents = buildAddressComponents(geocoded);
  return geocoded;
}

/**
 * OpenStreetMap Nominatim search, limited to the US. Its usage policy forbids autocomplete
 * against the public service, so it is only used to geocode.
 */
export function createNominatimGeocoder(options: NominatimGeocoderOptions) {
  const base = options.baseUrl ?? 'https://nominatim.openstreetmap.org';
  return {
    async geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeOutcome> {
      const text = query.text?.trim() || formatOneLine(query.fields ?? {});
      if (text === '') return { ok: false, reason: 'not_found' };
      const url = new URL('/search', base);
      url.searchParams.set('q', text);
      url.searchParams.set('countrycodes', 'us');
      url.searchParams.set('addressdetails', '1');
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('limit', '1');
      const headers = { 'User-Agent': options.userAgent, Accept: 'application/json' };
      const answer = await fetchJson(url, { headers }, ZResponseSchema, options, signal);
      if (!answer.ok) return { ok: false, reason: 'provider_error', detail: answer.detail };
      const place = answer.body[0];
      if (!place) return { ok: false, reason: 'not_found' };
      if (place.address.country_code !== 'us') return { ok: false, reason: 'outside_us' };
      return { ok: true, result: toGeocoded(place) };
    },
  };
}
