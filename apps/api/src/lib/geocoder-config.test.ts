import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_TILE_URL, GEOCODING_ENV, geocodingConfig } from './geocoder-config.ts';

const parse = (env: Record<string, string>, production = false) =>
  geocodingConfig(z.object(GEOCODING_ENV).parse(env), production);

describe('geocoding settings', () => {
  it('defaults to the offline gazetteer, OpenStreetMap tiles and 30/120 requests a minute', () => {
    expect(parse({})).toEqual({
      kind: 'offline',
      googleApiKey: undefined,
      userAgent: undefined,
      baseUrl: undefined,
      timeoutMs: 5000,
      geocodesPerMinute: 30,
      autocompletesPerMinute: 120,
      tileUrl: DEFAULT_TILE_URL,
      tileAttribution: '© OpenStreetMap contributors',
    });
  });

  it('MAP_TILE_URL=none gives the map a plain background', () => {
    expect(parse({ MAP_TILE_URL: 'none' }).tileUrl).toBeNull();
  });

  it('uses no public OpenStreetMap tiles in production unless told which provider', () => {
    expect(parse({}, true)).toMatchObject({ tileUrl: null, tileAttribution: '' });
    expect(
      parse(
        { MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© Tiles' },
        true,
      ),
    ).toMatchObject({
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      tileAttribution: '© Tiles',
    });
  });

  it('refuses an unknown geocoder, a tile URL without {z}/{x}/{y} and a zero limit', () => {
    expect(() => parse({ GEOCODER: 'bing' })).toThrow();
    expect(() => parse({ MAP_TILE_URL: 'https://tiles.example/tile.png' })).toThrow();
    expect(() => parse({ GEOCODES_PER_MINUTE: '0' })).toThrow();
  });

  it('reads the provider settings', () => {
    expect(
      parse({
        GEOCODER: 'nominatim',
        NOMINATIM_USER_AGENT: 'Lantern (ops@lantern.example)',
        GEOCODER_BASE_URL: 'https://nominatim.internal',
        GEOCODER_TIMEOUT_MS: '2500',
      }),
    ).toMatchObject({
      kind: 'nominatim',
      userAgent: 'Lantern (ops@lantern.example)',
      baseUrl: 'https://nominatim.internal',
      timeoutMs: 2500,
    });
  });
});
