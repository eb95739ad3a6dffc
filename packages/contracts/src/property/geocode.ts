import {
  PROPERTY_LOCATIONS,
  ZGeocodedAddressSchema,
  ZPlaceSuggestionSchema,
} from '@lantern/address';
import { z } from 'zod';
import { singleLineText } from '../text.ts';

/** The geocoding proxy (docs/architecture/request-path.md "HTTP conventions"); everything is restricted to the US. */
export const GEOCODE_API = {
  geocode: '/api/geocode',
  autocomplete: '/api/places/autocomplete',
  mapConfig: '/api/map-config',
} as const;

export const GEOCODE_MESSAGES = {
  failed: 'Geocode failed.',
  nothingToGeocode: 'Enter an address to look up.',
} as const;

const part = (max: number) => singleLineText().max(max).optional();

/**
 * GET /api/geocode. `address` is the one-line text; the separate fields, when given, let the
 * offline gazetteer read the address without guessing where the city starts.
 */
export const ZGeocodeQuerySchema = z
  .object({
    address: part(300),
    location: z.enum(PROPERTY_LOCATIONS).optional().default('address'),
    streetAddress: part(200),
    unit: part(50),
    city: part(100),
    state: part(20),
    zipCode: part(10),
  })
  .refine((q) => [q.address, q.streetAddress, q.city, q.state, q.zipCode].some((v) => v?.trim()), {
    message: GEOCODE_MESSAGES.nothingToGeocode,
    path: ['address'],
  });
export type TGeocodeQuery = z.input<typeof ZGeocodeQuerySchema>;

/**
 * A finished lookup. `ok: false` is the clean 'geocode failed' answer (nothing found, a match
 * outside the US, or the provider failed); the form turns it into the map-pin step.
 */
export const ZGeocodeResponseSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: ZGeocodedAddressSchema }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['not_found', 'provider_error', 'outside_us']),
    message: z.string(),
  }),
]);
export type TGeocodeResponse = z.infer<typeof ZGeocodeResponseSchema>;

/** GET /api/places/autocomplete. */
export const ZAutocompleteQuerySchema = z.object({
  input: singleLineText().trim().min(1).max(200),
});
export const ZAutocompleteResponseSchema = z.object({
  suggestions: z.array(ZPlaceSuggestionSchema),
});
export type TAutocompleteResponse = z.infer<typeof ZAutocompleteResponseSchema>;

/**
 * GET /api/map-config: what the add-property form needs to know of the server's geocoding set-up:
 * the pin map's tile layer (tileUrl null means a plain background), and whether address
 * autocomplete suggests streets (only Google's does; the others suggest cities and ZIP codes
 * from the embedded gazetteer, and the form says so in the field's hint).
 */
export const ZMapConfigSchema = z.object({
  tileUrl: z.string().nullable(),
  attribution: z.string(),
  maxZoom: z.number().int(),
  suggestsStreets: z.boolean(),
});

/** The street field's hint when autocomplete suggests places only (issue 14, item 9). */
export const PLACES_ONLY_HINT =
  'Suggestions cover cities and ZIP codes, not streets: type the street address in full.';
export type TMapConfig = z.infer<typeof ZMapConfigSchema>;
