import { z } from 'zod';
import { type GeocodedAddress, type LatLng, type Viewport, ZViewportSchema } from './types.ts';

/**
 * The client's placeData (spec section 3). `confirmedJson` is true once the address has been
 * accepted (an autocomplete place, a dialog choice or a map pin) and is what lets a later
 * submit skip geocoding; `json` is a JSON string of {address_components, version: '1.0'}.
 */
export interface PlaceData {
  confirmedJson: boolean;
  lat: number | null;
  lng: number | null;
  json: string;
  viewport: Viewport | null;
  /**
   * True when lat/lng are where the person dropped the map pin rather than a geocoder's answer.
   * A hint the server weighs (it geocodes every address itself); absent means false.
   */
  pin?: boolean;
}

export const ZPlaceDataSchema = z.object({
  confirmedJson: z.boolean(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  json: z.string(),
  viewport: ZViewportSchema.nullable(),
  pin: z.boolean().optional(),
}) satisfies z.ZodType<PlaceData>;

/** The version tag the stored address JSON carries. */
export const PLACE_JSON_VERSION = '1.0';

/** placeData for a form with nothing geocoded yet. */
export function emptyPlaceData(): PlaceData {
  return { confirmedJson: false, lat: null, lng: null, json: '', viewport: null };
}

/**
 * placeData for a geocoded result. `confirmed` defaults to true because a result is turned into
 * placeData when it is being accepted; pass false to keep it while a dialog is still open.
 */
export function toPlaceData(
  geocoded: GeocodedAddress,
  options: { confirmed?: boolean } = {},
): PlaceData {
  return {
    confirmedJson: options.confirmed ?? true,
    lat: geocoded.lat ?? null,
    lng: geocoded.lng ?? null,
    json: JSON.stringify({
      address_components: geocoded.addressComponents,
      version: PLACE_JSON_VERSION,
    }),
    viewport: geocoded.viewport ?? null,
  };
}

/** placeData after the map dialog: the pin's position, and the address now counts as validated. */
export function applyMapPin(placeData: PlaceData, pin: LatLng): PlaceData {
  return { ...placeData, lat: pin.lat, lng: pin.lng, confirmedJson: true, pin: true };
}
