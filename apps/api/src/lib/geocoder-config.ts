import { type GeocoderKind, ZGeocoderKindSchema } from '@lantern/address';
import { z } from 'zod';

/**
 * OpenStreetMap's standard tiles: free with attribution for light use (their tile usage policy),
 * which a development machine is. Their policy does not allow a public site's map search, so in
 * production the tiles come only from a provider MAP_TILE_URL names (docs/decisions/091).
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© OpenStreetMap contributors';

const perMinute = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Geocoding and map settings (docs/decisions/009-add-property-and-geocoding.md), spread into env.ts's schema.
 * GEOCODER picks the provider (offline, the embedded gazetteer, by default); the limits count
 * requests per session and minute; MAP_TILE_URL names the maps' tile provider (none: a plain
 * background, production's default).
 */
export const GEOCODING_ENV = {
  GEOCODER: ZGeocoderKindSchema.default('offline'),
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  /** Nominatim's usage policy asks for a User-Agent naming the site. */
  NOMINATIM_USER_AGENT: z.string().optional(),
  /** A self-hosted provider (Nominatim, a Census mirror) or a test server. */
  GEOCODER_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().max(60_000).default(5000),
  GEOCODES_PER_MINUTE: perMinute(30),
  AUTOCOMPLETES_PER_MINUTE: perMinute(120),
  MAP_TILE_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v === 'none' || /^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/.test(v),
      'must be an http(s) URL template with {z}, {x} and {y}, or none',
    ),
  MAP_TILE_ATTRIBUTION: z.string().optional(),
};

const geocodingEnv = z.object(GEOCODING_ENV);
type GeocodingEnv = z.infer<typeof geocodingEnv>;

export interface GeocodingConfig {
  kind: GeocoderKind;
  googleApiKey: string | undefined;
  userAgent: string | undefined;
  baseUrl: string | undefined;
  timeoutMs: number;
  geocodesPerMinute: number;
  autocompletesPerMinute: number;
  /** null: no tiles, a plain background (the pin still works). */
  tileUrl: string | null;
  tileAttribution: string;
}

/** Production's warning when it names no tile provider: its maps draw without tiles. */
export const NO_TILES_WARNING =
  'MAP_TILE_URL is not set: maps draw on a plain background. Name a tile provider (a {z}/{x}/{y} URL) and MAP_TILE_ATTRIBUTION for map search in production, or set MAP_TILE_URL=none to say so.';

/** Tiles by default only outside production: see DEFAULT_TILE_URL. */
function tiles(
  env: GeocodingEnv,
  production: boolean,
): Pick<GeocodingConfig, 'tileUrl' | 'tileAttribution'> {
  const url = env.MAP_TILE_URL ?? (production ? 'none' : DEFAULT_TILE_URL);
  const attribution =
    env.MAP_TILE_ATTRIBUTION ?? (url === DEFAULT_TILE_URL ? DEFAULT_TILE_ATTRIBUTION : '');
  return { tileUrl: url === 'none' ? null : url, tileAttribution: attribution };
}

export function geocodingConfig(env: GeocodingEnv, production = false): GeocodingConfig {
  return {
    kind: env.GEOCODER,
    googleApiKey: env.GOOGLE_MAPS_API_KEY,
    userAgent: env.NOMINATIM_USER_AGENT,
    baseUrl: env.GEOCODER_BASE_URL,
    timeoutMs: env.GEOCODER_TIMEOUT_MS,
    geocodesPerMinute: env.GEOCODES_PER_MINUTE,
    autocompletesPerMinute: env.AUTOCOMPLETES_PER_MINUTE,
    ...tiles(env, production),
  };
}
