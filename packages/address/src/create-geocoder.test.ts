import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { createGeocoder, GEOCODER_KINDS, ZGeocoderKindSchema } from './create-geocoder.ts';
import censusMatch from './providers/fixtures/census-match.json' with { type: 'json' };
import googleOk from './providers/fixtures/google-geocode-ok.json' with { type: 'json' };
import nominatimSearch from './providers/fixtures/nominatim-search.json' with { type: 'json' };
import { useMockServer } from './providers/msw-server.ts';

const server = useMockServer();

describe('createGeocoder', () => {
  it('knows the GEOCODER values', () => {
    expect(GEOCODER_KINDS).toEqual(['offline', 'google', 'census', 'nominatim']);
    expect(ZGeocoderKindSchema.safeParse('mapbox').success).toBe(false);
  });

  it('builds the offline gazetteer by default kind', async () => {
    const geocoder = createGeocoder({ kind: 'offline' });
    expect(await geocoder.geocode({ text: '62701', location: 'address' })).toMatchObject({
      ok: true,
      result: { city: 'Springfield' },
    });
  });

  it('builds Google with its key and hosts', async () => {
    server.use(
      http.get('http://google.test/maps/api/geocode/json', ({ request }) =>
        new URL(request.url).searchParams.get('key') === 'k'
          ? HttpResponse.json(googleOk)
          : HttpResponse.error(),
      ),
      http.post('http://places.test/v1/places:autocomplete', () =>
        HttpResponse.json({ suggestions: [] }),
      ),
    );
    const geocoder = createGeocoder({
      kind: 'google',
      googleApiKey: 'k',
      baseUrl: 'http://google.test',
      placesBaseUrl: 'http://places.test',
    });
    expect(await geocoder.geocode({ text: 'x', location: 'address' })).toMatchObject({ ok: true });
    expect(await geocoder.autocomplete('x')).toEqual([]);
  });

  it('builds the Census geocoder with offline autocomplete', async () => {
    server.use(
      http.get('http://census.test/geocoder/locations/onelineaddress', () =>
        HttpResponse.json(censusMatch),
      ),
    );
    const geocoder = createGeocoder({ kind: 'census', baseUrl: 'http://census.test' });
    expect(await geocoder.geocode({ text: 'x', location: 'address' })).toMatchObject({
      ok: true,
      result: { city: 'Duncanville' },
    });
    expect((await geocoder.autocomplete('62701'))[0]?.description).toBe('Springfield, IL 62701');
  });

  it('builds Nominatim with the User-Agent and an injected fetch', async () => {
    const agents: (string | null)[] = [];
    const fake: typeof fetch = async (input, init) => {
      agents.push(new Request(input, init).headers.get('User-Agent'));
      return Response.json(nominatimSearch);
    };
    const geocoder = createGeocoder({ kind: 'nominatim', userAgent: 'Lantern/1.0', fetch: fake });
    expect(await geocoder.geocode({ text: 'x', location: 'address' })).toMatchObject({
      ok: true,
      result: { city: 'Minneapolis' },
    });
    expect(agents).toEqual(['Lantern/1.0']);
    expect((await geocoder.autocomplete('minneap'))[0]?.mainText).toBe('Minneapolis');
  });

  it('refuses a configuration that cannot work', () => {
    expect(() => createGeocoder({ kind: 'google' })).toThrow(
      'GEOCODER=google needs a Google API key.',
    );
    expect(() => createGeocoder({ kind: 'nominatim' })).toThrow(
      'GEOCODER=nominatim needs a User-Agent naming the site.',
    );
  });
});
