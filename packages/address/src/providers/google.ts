import { z } from 'zod';
import {
  type GeocodeOutcome,
  type GeocodeQuery,
  type Geocoder,
  GeocoderError,
  MAX_SUGGESTIONS,
  type PlaceSuggestion,
} from '../geocoder.ts';
import { formatOneLine } from '../one-line.ts';
import type { GeocodedAddress } from '../types.ts';
import { ZGeocodedAddressSchema, ZViewportSchema } from '../types.ts';
import { fetchJson, type HttpOptions } from './http.ts';

export interface GoogleGeocoderOptions extends HttpOptions {
  apiKey: string;
  /** Geocoding API host; default https://maps.googleapis.com. */
  geocodingBaseUrl?: string;
  /** Places API (New) host; default https://places.googleapis.com. */
  placesBaseUrl?: string;
}

const ZComponentSchema = ZGeocodedAddressSchema.shape.addressComponents.element;

/** The Geocoding API's JSON response (only the fields used). */
const ZGeocodeResponseSchema = z.object({
  status: z.string(),
  error_message: z.string().optional(),
  results: z
    .array(
      z.object({
        address_components: z.array(ZComponentSchema),
        formatted_address: z.string().optional(),
        geometry: z.object({
          location: z.object({ lat: z.number(), lng: z.number() }),
          location_type: z.string().optional(),
          viewport: ZViewportSchema.optional(),
        }),
      }),
    )
    .default([]),
});
type GoogleResult = z.infer<typeof ZGeocodeResponseSchema>['results'][number];

/** The Places API (New) places:autocomplete response (only the fields used). */
const ZAutocompleteResponseSchema = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text: z.object({ text: z.string() }),
            structuredFormat: z
              .object({
                mainText: z.object({ text: z.string() }),
                secondaryText: z.object({ text: z.string() }).optional(),
              })
              .optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});

/**
 * Google's geometry.location_type: ROOFTOP is the house itself, RANGE_INTERPOLATED a point on its
 * street; GEOMETRIC_CENTER and APPROXIMATE are the centre of an area, a street's when the result
 * names a street, else a place's (near enough to a ZIP centroid to be treated as one).
 */
function precisionOf(result: GoogleResult): GeocodedAddress['precision'] {
  const type = result.geometry.location_type;
  if (type === 'ROOFTOP') return 'rooftop';
  if (type === 'RANGE_INTERPOLATED') return 'street';
  const onStreet = result.address_components.some((c) => c.types.includes('route'));
  return type === 'GEOMETRIC_CENTER' && onStreet ? 'street' : 'zip';
}

function toGeocoded(result: GoogleResult): GeocodedAddress {
  const component = (...types: string[]) =>
    types
      .map((type) => result.address_components.find((c) => c.types.includes(type)))
      .find((found) => found !== undefined);
  const geocoded: GeocodedAddress = {
    lat: result.geometry.location.lat,
    lng: result.geometry.location.lng,
    addressComponents: result.address_components,
    precision: precisionOf(result),
  };
  const set = (
    key: 'streetNumber' | 'street' | 'unit' | 'city' | 'county' | 'state' | 'zipCode',
    value?: string,
  ) => {
    if (value) geocoded[key] = value;
  };
  set('streetNumber', component('street_number')?.long_name);
  set('street', component('route')?.short_name);
  set('unit', component('subpremise')?.long_name);
  // Some US places (Brooklyn, townships) have no locality; the next level down names the town.
  set(
    'city',
    component(
      'locality',
      'sublocality_level_1',
      'sublocality',
      'postal_town',
      'administrative_area_level_3',
    )?.long_name,
  );
  set('county', component('administrative_area_level_2')?.long_name);
  set('state', component('administrative_area_level_1')?.short_name);
  set('zipCode', component('postal_code')?.long_name);
  if (result.formatted_address) geocoded.formatted = result.formatted_address;
  if (result.geometry.viewport) geocoded.viewport = result.geometry.viewport;
  return geocoded;
}

/** Google Geocoding API for geocode and Places API (New) for autocomplete, both limited to the US. */
export function createGoogleGeocoder(options: GoogleGeocoderOptions): Geocoder {
  const geocodingBase = options.geocodingBaseUrl ?? 'https://maps.googleapis.com';
  const placesBase = options.placesBaseUrl ?? 'https://places.googleapis.com';
  return {
    async geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeOutcome> {
      const text = query.text?.trim() || formatOneLine(query.fields ?? {});
      if (text === '') return { ok: false, reason: 'not_found' };
      const url = new URL('/maps/api/geocode/json', geocodingBase);
      url.searchParams.set('address', text);
      url.searchParams.set('components', 'country:US');
      url.searchParams.set('key', options.apiKey);
      const answer = await fetchJson(url, {}, ZGeocodeResponseSchema, options, signal);
      if (!answer.ok) return { ok: false, reason: 'provider_error', detail: answer.detail };
      const { status, results, error_message } = answer.body;
      if (status === 'ZERO_RESULTS') return { ok: false, reason: 'not_found' };
      const first = results[0];
      if (status !== 'OK' || !first) {
        const detail = `Google geocoding ${status}${error_message ? `: ${error_message}` : ''}`;
        return { ok: false, reason: 'provider_error', detail };
      }
      const country = first.address_components.find((c) => c.types.includes('country'));
      if (country?.short_name !== 'US') return { ok: false, reason: 'outside_us' };
      return { ok: true, result: toGeocoded(first) };
    },

    async autocomplete(input: string, signal?: AbortSignal): Promise<PlaceSuggestion[]> {
      if (input.trim() === '') return [];
      const url = new URL('/v1/places:autocomplete', placesBase);
      const answer = await fetchJson(
        url,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Goog-Api-Key': options.apiKey },
          body: JSON.stringify({ input, includedRegionCodes: ['us'] }),
        },
        ZAutocompleteResponseSchema,
        options,
        signal,
      );
      if (!answer.ok) throw new GeocoderError(answer.detail);
      return answer.body.suggestions
        .flatMap(({ placePrediction: p }) =>
          p
            ? [
                {
                  id: p.placeId,
                  description: p.text.text,
                  mainText: p.structuredFormat?.mainText.text ?? p.text.text,
                  secondaryText: p.structuredFormat?.secondaryText?.text ?? '',
                },
              ]
            : [],
        )
        .slice(0, MAX_SUGGESTIONS);
    },
  };
}
