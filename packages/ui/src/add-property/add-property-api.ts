import type {
  AddressFields,
  GeocodedAddress,
  PlaceSuggestion,
  PropertyLocation,
} from '@lantern/address';
import {
  ADD_PROPERTY_PATH,
  GEOCODE_API,
  type TAddPropertyRequest,
  type TMapConfig,
  type TPropertyMenuEntry,
  ZAddPropertyResponseSchema,
  ZAutocompleteResponseSchema,
  ZGeocodeResponseSchema,
  ZMapConfigSchema,
} from '@lantern/contracts';
import { type ApiClient, ApiError } from '@lantern/domain';

/** The one client of @lantern/contracts/api-client, passed in by whichever app renders the form. */
export type AddPropertyClient = Pick<ApiClient, 'get' | 'post'>;

/**
 * GET /api/geocode with the form's fields. Any failure (nothing found, outside the US, the
 * provider down, a rate limit, the network) is 'failed': the form then opens the map step.
 */
export async function geocodeFields(
  api: AddPropertyClient,
  location: PropertyLocation,
  fields: AddressFields,
  signal?: AbortSignal,
): Promise<GeocodedAddress | 'failed'> {
  const query = new URLSearchParams({ location });
  for (const key of ['streetAddress', 'unit', 'city', 'state', 'zipCode'] as const) {
    if (fields[key].trim()) query.set(key, fields[key].trim());
  }
  return geocode(api, query, signal);
}

/** GET /api/geocode for one line of text (a chosen autocomplete suggestion). */
export function geocodeText(
  api: AddPropertyClient,
  location: PropertyLocation,
  text: string,
  signal?: AbortSignal,
): Promise<GeocodedAddress | 'failed'> {
  return geocode(api, new URLSearchParams({ location, address: text }), signal);
}

async function geocode(
  api: AddPropertyClient,
  query: URLSearchParams,
  signal?: AbortSignal,
): Promise<GeocodedAddress | 'failed'> {
  try {
    const answer = await api.get(`${GEOCODE_API.geocode}?${query}`, {
      schema: ZGeocodeResponseSchema,
      ...(signal && { signal }),
    });
    return answer.ok ? answer.result : 'failed';
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof ApiError && error.status === 401) throw error;
    return 'failed';
  }
}

/** GET /api/places/autocomplete; no suggestions on any failure. */
export async function suggestPlaces(
  api: AddPropertyClient,
  input: string,
  signal?: AbortSignal,
): Promise<PlaceSuggestion[]> {
  try {
    const answer = await api.get(`${GEOCODE_API.autocomplete}?${new URLSearchParams({ input })}`, {
      schema: ZAutocompleteResponseSchema,
      ...(signal && { signal }),
    });
    return answer.suggestions;
  } catch {
    return [];
  }
}

let mapConfig: Promise<TMapConfig> | undefined;
// Unknown set-up: a plain map, and no claim about what autocomplete suggests.
const PLAIN_MAP: TMapConfig = {
  tileUrl: null,
  attribution: '',
  maxZoom: 19,
  suggestsStreets: true,
};

/** GET /api/map-config, once per page; a plain background when it cannot be had. */
export function loadMapConfig(api: AddPropertyClient): Promise<TMapConfig> {
  mapConfig ??= api
    .get(GEOCODE_API.mapConfig, { schema: ZMapConfigSchema, anonymousOk: true })
    .then((config) => config ?? PLAIN_MAP)
    .catch(() => {
      mapConfig = undefined;
      return PLAIN_MAP;
    });
  return mapConfig;
}

/** POST /user/add-property; rejects with the ApiError (422 field errors, 429, 5xx). */
export async function postProperty(
  api: AddPropertyClient,
  payload: TAddPropertyRequest,
): Promise<TPropertyMenuEntry> {
  const answer = await api.post(ADD_PROPERTY_PATH, payload, { schema: ZAddPropertyResponseSchema });
  return answer.property;
}
