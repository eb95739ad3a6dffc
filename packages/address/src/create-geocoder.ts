import { z } from 'zod';
import type { Geocoder } from './geocoder.ts';
import { createOfflineGeocoder } from './offline-geocoder.ts';
import { createCensusGeocoder } from './providers/census.ts';
import { createGoogleGeocoder } from './providers/google.ts';
import type { HttpOptions } from './providers/http.ts';
import { createNominatimGeocoder } from './providers/nominatim.ts';

/** The values of the GEOCODER setting; offline is the default. */
export const GEOCODER_KINDS = ['offline', 'google', 'census', 'nominatim'] as const;
export type GeocoderKind = (typeof GEOCODER_KINDS)[number];
export const ZGeocoderKindSchema = z.enum(GEOCODER_KINDS);

export interface GeocoderConfig extends HttpOptions {
  kind: GeocoderKind;
  /** Required for google. */
  googleApiKey?: string;
  /** Required for nominatim: its policy asks for one that identifies the site. */
  userAgent?: string;
  /** The provider's address, for a self-hosted Nominatim or a test server; Google's geocoding host. */
  baseUrl?: string;
  /** Google Places API host, for a test server. */
  placesBaseUrl?: string;
}

/**
 * The geocoder chosen by configuration. Census and Nominatim have no autocomplete the site may
 * use, so theirs comes from the offline gazetteer ('City, ST ZIP'). Throws on a configuration
 * that cannot work, so a bad setting fails at start-up rather than on a customer's submit.
 */
export function createGeocoder(config: GeocoderConfig): Geocoder {
  const http: HttpOptions = { fetch: config.fetch, timeoutMs: config.timeoutMs };
  switch (config.kind) {
    case 'offline':
      return createOfflineGeocoder();
    case 'google': {
      if (!config.googleApiKey) throw new Error('GEOCODER=google needs a Google API key.');
      return createGoogleGeocoder({
        ...http,
        apiKey: config.googleApiKey,
        geocodingBaseUrl: config.baseUrl,
        placesBaseUrl: config.placesBaseUrl,
      });
    }
    case 'census': {
      const census = createCensusGeocoder({ ...http, baseUrl: config.baseUrl });
      return { geocode: census.geocode, autocomplete: createOfflineGeocoder().autocomplete };
    }
    case 'nominatim': {
      if (!config.userAgent) {
        throw new Error('GEOCODER=nominatim needs a User-Agent naming the site.');
      }
      const nominatim = createNominatimGeocoder({
        ...http,
        baseUrl: config.baseUrl,
        userAgent: config.userAgent,
      });
      return { geocode: nominatim.geocode, autocomplete: createOfflineGeocoder().autocomplete };
    }
  }
}
