import { z } from 'zod';
import type { AddressFields, GeocodedAddress, PropertyLocation } from './types.ts';

/**
 * What to geocode: one line of text, or the form's fields. The offline gazetteer prefers fields
 * (no guessing where the city starts); network providers prefer text and build it from fields
 * when there is none. `location` is part of the question, so a cache keeps the two apart.
 */
export interface GeocodeQuery {
  text?: string;
  fields?: AddressFields;
  location: PropertyLocation;
}

/** not_found: nothing matched; provider_error: the provider failed or timed out; outside_us: the match is not in the US. */
export type GeocodeFailureReason = 'not_found' | 'provider_error' | 'outside_us';

/** `detail` says what went wrong, for logs only: never show it to a person. */
export type GeocodeOutcome =
  | { ok: true; result: GeocodedAddress }
  | { ok: false; reason: GeocodeFailureReason; detail?: string };

/** One autocomplete suggestion. Choosing it means geocoding `description`. */
export interface PlaceSuggestion {
  /** Stable id from the provider (a Google place id, or the ZIP for the offline gazetteer). */
  id: string;
  /** The whole suggestion as one line. */
  description: string;
  mainText: string;
  secondaryText: string;
}

export const ZPlaceSuggestionSchema = z.object({
  id: z.string(),
  description: z.string(),
  mainText: z.string(),
  secondaryText: z.string(),
}) satisfies z.ZodType<PlaceSuggestion>;

/**
 * A US-only geocoder. geocode resolves every failure as `{ok: false}` because the form branches
 * on it (a failure opens the map). autocomplete has nothing to branch on, so a provider failure
 * rejects with a GeocoderError and the caller shows no suggestions. Both reject with the
 * signal's reason when the caller aborts.
 */
export interface Geocoder {
  geocode(query: GeocodeQuery, signal?: AbortSignal): Promise<GeocodeOutcome>;
  autocomplete(input: string, signal?: AbortSignal): Promise<PlaceSuggestion[]>;
}

/** An autocomplete provider failure; the message is for logs. */
export class GeocoderError extends Error {
  override name = 'GeocoderError';
}

/** The most suggestions autocomplete returns. */
export const MAX_SUGGESTIONS = 8;
