import { delay, HttpResponse, http, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { GeocoderError } from '../geocoder.ts';
import { fields } from '../test-support.ts';
import canada from './fixtures/google-geocode-canada.json' with { type: 'json' };
import ok from './fixtures/google-geocode-ok.json' with { type: 'json' };
import overLimit from './fixtures/google-geocode-over-query-limit.json' with { type: 'json' };
import denied from './fixtures/google-geocode-request-denied.json' with { type: 'json' };
import routeOnly from './fixtures/google-geocode-route-only.json' with { type: 'json' };
import subpremise from './fixtures/google-geocode-subpremise.json' with { type: 'json' };
import zeroResults from './fixtures/google-geocode-zero-results.json' with { type: 'json' };
import autocompleteFixture from './fixtures/google-places-autocomplete.json' with { type: 'json' };
import placesError from './fixtures/google-places-error.json' with { type: 'json' };
import { createGoogleGeocoder } from './google.ts';
import { useMockServer } from './msw-server.ts';

const GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
const AUTOCOMPLETE_URL = 'https://places.googleapis.com/v1/places:autocomplete';

const server = useMockServer();
const google = createGoogleGeocoder({ apiKey: 'test-key', timeoutMs: 200 });

function answerGeocode(body: JsonBodyType) {
  server.use(http.get(GEOCODE_URL, () => HttpResponse.json(body)));
}

describe('Google geocode', () => {
  it('asks for the address in the US with the key', async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      http.get(GEOCODE_URL, ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json(ok);
      }),
    );
    await google.geocode({ text: '2450 Maple Ave, Dallas, TX 75201', location: 'address' });
    expect(asked?.get('address')).toBe('2450 Maple Ave, Dallas, TX 75201');
    expect(asked?.get('components')).toBe('country:US');
    expect(asked?.get('key')).toBe('test-key');
  });

  it('sends the form fields as one line when there is no text', async () => {
    let address: string | null | undefined;
    server.use(
      http.get(GEOCODE_URL, ({ request }) => {
        address = new URL(request.url).searchParams.get('address');
        return HttpResponse.json(ok);
      }),
    );
    const typed = fields({
      streetAddress: '2450 Maple Ave',
      unit: '',
      city: 'Dallas',
      state: 'TX',
      zipCode: '75201',
    });
    await google.geocode({ fields: typed, location: 'address' });
    expect(address).toBe('2450 Maple Ave, Dallas, TX 75201');
  });

  it('maps a street address', async () => {
    answerGeocode(ok);
    expect(await google.geocode({ text: '2450 maple avenue dallas', location: 'address' })).toEqual(
      {
        ok: true,
        result: {
          streetNumber: '2450',
          street: 'Maple Ave',
          city: 'Dallas',
          county: 'Dallas County',
          state: 'TX',
          zipCode: '75201',
          lat: 32.7941286,
          lng: -96.8031412,
          formatted: '2450 Maple Ave, Dallas, TX 75201, USA',
          addressComponents: ok.results[0]?.address_components,
          viewport: ok.results[0]?.geometry.viewport,
          precision: 'rooftop',
        },
      },
    );
  });

  it('takes the unit from the subpremise and the borough when there is no locality', async () => {
    answerGeocode(subpremise);
    const outcome = await google.geocode({
      text: '318 Sterling Pl 4B Brooklyn',
      location: 'address',
    });
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        streetNumber: '318',
        street: 'Sterling Pl',
        unit: '4B',
        city: 'Brooklyn',
        state: 'NY',
      },
    });
  });

  it('leaves out what a partial match lacks', async () => {
    answerGeocode(routeOnly);
    const outcome = await google.geocode({ text: 'CR 12 Fairview OH', location: 'parcel' });
    expect(outcome).toMatchObject({
      ok: true,
      // GEOMETRIC_CENTER of a route: somewhere on the street, not the house.
      result: { street: 'CR 12', city: 'Fairview Township', state: 'OH', precision: 'street' },
    });
    expect(outcome.ok && 'zipCode' in outcome.result).toBe(false);
    expect(outcome.ok && 'streetNumber' in outcome.result).toBe(false);
  });

  it.each([
    ['ZERO_RESULTS', zeroResults, { ok: false, reason: 'not_found' }],
    [
      'OVER_QUERY_LIMIT',
      overLimit,
      {
        ok: false,
        reason: 'provider_error',
        detail:
          'Google geocoding OVER_QUERY_LIMIT: You have exceeded your rate-limit for this API.',
      },
    ],
    [
      'REQUEST_DENIED',
      denied,
      {
        ok: false,
        reason: 'provider_error',
        detail: 'Google geocoding REQUEST_DENIED: The provided API key is invalid.',
      },
    ],
    ['a result outside the US', canada, { ok: false, reason: 'outside_us' }],
    [
      'an OK with no results',
      { status: 'OK', results: [] },
      { ok: false, reason: 'provider_error', detail: 'Google geocoding OK' },
    ],
  ])('maps %s', async (_, body, outcome) => {
    answerGeocode(body);
    expect(await google.geocode({ text: 'somewhere', location: 'address' })).toEqual(outcome);
  });

  it.each([
    [
      'an HTTP error',
      () => new HttpResponse('upstream down', { status: 503 }),
      'maps.googleapis.com answered HTTP 503',
    ],
    ['a network error', () => HttpResponse.error(), 'maps.googleapis.com: TypeError'],
    [
      'a body that is not the documented shape',
      () => HttpResponse.json({ hello: 'world' }),
      'unexpected body',
    ],
    [
      'a body that is not JSON',
      () => new HttpResponse('<html>', { status: 200 }),
      'maps.googleapis.com:',
    ],
    [
      'a timeout',
      async () => {
        await delay('infinite');
        return HttpResponse.json(ok);
      },
      'timed out',
    ],
  ])('reports %s as a provider error', async (_, resolver, detail) => {
    server.use(http.get(GEOCODE_URL, resolver));
    const outcome = await google.geocode({ text: '2450 Maple Ave', location: 'address' });
    expect(outcome).toMatchObject({ ok: false, reason: 'provider_error' });
    expect(!outcome.ok && outcome.detail).toContain(detail);
    expect(!outcome.ok && outcome.detail).not.toContain('test-key');
  });

  it('does not call Google for an empty query', async () => {
    expect(await google.geocode({ text: '  ', location: 'address' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('rejects when the caller aborts', async () => {
    server.use(
      http.get(GEOCODE_URL, async () => {
        await delay('infinite');
        return HttpResponse.json(ok);
      }),
    );
    const controller = new AbortController();
    const pending = google.geocode(
      { text: '2450 Maple Ave', location: 'address' },
      controller.signal,
    );
    controller.abort(new Error('typing again'));
    await expect(pending).rejects.toThrow('typing again');
  });

  it('uses the configured hosts', async () => {
    server.use(http.get('http://geocode.test/maps/api/geocode/json', () => HttpResponse.json(ok)));
    const local = createGoogleGeocoder({ apiKey: 'k', geocodingBaseUrl: 'http://geocode.test' });
    expect(await local.geocode({ text: 'x', location: 'address' })).toMatchObject({ ok: true });
  });
});

describe('Google autocomplete (Places API New)', () => {
  it('asks for US suggestions with the key in a header and maps place predictions', async () => {
    let asked: { key: string | null; body: unknown } | undefined;
    server.use(
      http.post(AUTOCOMPLETE_URL, async ({ request }) => {
        asked = { key: request.headers.get('X-Goog-Api-Key'), body: await request.json() };
        return HttpResponse.json(autocompleteFixture);
      }),
    );
    expect(await google.autocomplete('2450 maple av')).toEqual([
      {
        id: 'ChIJexampleMapleAveDallas',
        description: '2450 Maple Avenue, Dallas, TX, USA',
        mainText: '2450 Maple Avenue',
        secondaryText: 'Dallas, TX, USA',
      },
      {
        id: 'ChIJexampleMapleAveAustin',
        description: '2450 Maple Avenue, Austin, TX, USA',
        mainText: '2450 Maple Avenue',
        secondaryText: 'Austin, TX, USA',
      },
    ]);
    expect(asked).toEqual({
      key: 'test-key',
      body: { input: '2450 maple av', includedRegionCodes: ['us'] },
    });
  });

  it('keeps at most 8 suggestions', async () => {
    const many = Array.from({ length: 12 }, (_, n) => ({
      placePrediction: { placeId: `p${n}`, text: { text: `${n} Main St, Dallas, TX, USA` } },
    }));
    server.use(http.post(AUTOCOMPLETE_URL, () => HttpResponse.json({ suggestions: many })));
    const suggestions = await google.autocomplete('main');
    expect(suggestions).toHaveLength(8);
    expect(suggestions[0]).toEqual({
      id: 'p0',
      description: '0 Main St, Dallas, TX, USA',
      mainText: '0 Main St, Dallas, TX, USA',
      secondaryText: '',
    });
  });

  it('has nothing for no suggestions or blank input', async () => {
    server.use(http.post(AUTOCOMPLETE_URL, () => HttpResponse.json({})));
    expect(await google.autocomplete('zzzz')).toEqual([]);
    expect(await google.autocomplete(' ')).toEqual([]);
  });

  it('rejects with a GeocoderError when Places fails', async () => {
    server.use(http.post(AUTOCOMPLETE_URL, () => HttpResponse.json(placesError, { status: 403 })));
    const failure = google.autocomplete('2450 maple');
    await expect(failure).rejects.toBeInstanceOf(GeocoderError);
    await expect(failure).rejects.toThrow('places.googleapis.com answered HTTP 403');
  });
});
