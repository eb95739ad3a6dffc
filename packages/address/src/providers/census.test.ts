import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fields } from '../test-support.ts';
import { createCensusGeocoder } from './census.ts';
import error from './fixtures/census-error.json' with { type: 'json' };
import match from './fixtures/census-match.json' with { type: 'json' };
import highway from './fixtures/census-match-highway.json' with { type: 'json' };
import noMatch from './fixtures/census-no-match.json' with { type: 'json' };
import { useMockServer } from './msw-server.ts';

const URL_ = 'https://geocoding.geo.census.gov/geocoder/locations/onelineaddress';

const server = useMockServer();
const census = createCensusGeocoder({ timeoutMs: 200 });

describe('Census geocode', () => {
  it('asks the one-line endpoint on the current benchmark', async () => {
    let asked: URLSearchParams | undefined;
    server.use(
      http.get(URL_, ({ request }) => {
        asked = new URL(request.url).searchParams;
        return HttpResponse.json(match);
      }),
    );
    const typed = fields({
      streetAddress: '1208 N Cedar Ridge Dr',
      city: 'Duncanville',
      state: 'TX',
      zipCode: '75116',
    });
    await census.geocode({ fields: typed, location: 'address' });
    expect(Object.fromEntries(asked ?? [])).toEqual({
      address: '1208 N Cedar Ridge Dr, Duncanville, TX 75116',
      benchmark: 'Public_AR_Current',
      format: 'json',
    });
  });

  it('maps a match, taking the house number from the matched address', async () => {
    server.use(http.get(URL_, () => HttpResponse.json(match)));
    const outcome = await census.geocode({
      text: '1208 north cedar ridge drive duncanville tx',
      location: 'address',
    });
    expect(outcome).toEqual({
      ok: true,
      result: {
        streetNumber: '1208',
        street: 'N Cedar Ridge Dr',
        city: 'Duncanville',
        state: 'TX',
        zipCode: '75116',
        lat: 32.65938710294113,
        lng: -96.9089542871823,
        precision: 'street',
        formatted: '1208 N CEDAR RIDGE DR, DUNCANVILLE, TX, 75116',
        addressComponents: [
          { long_name: '1208', short_name: '1208', types: ['street_number'] },
          { long_name: 'N Cedar Ridge Dr', short_name: 'N Cedar Ridge Dr', types: ['route'] },
          { long_name: 'Duncanville', short_name: 'Duncanville', types: ['locality', 'political'] },
          {
            long_name: 'Texas',
            short_name: 'TX',
            types: ['administrative_area_level_1', 'political'],
          },
          { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
          { long_name: '75116', short_name: '75116', types: ['postal_code'] },
        ],
      },
    });
  });

  it('keeps a route type and trailing directional as written', async () => {
    server.use(http.get(URL_, () => HttpResponse.json(highway)));
    const outcome = await census.geocode({
      text: '4410 US Highway 1, Edison, NJ 08817',
      location: 'address',
    });
    expect(outcome).toMatchObject({
      ok: true,
      result: { streetNumber: '4410', street: 'US Hwy 1 S', city: 'Edison', zipCode: '08817' },
    });
  });

  it('reports no match as not found', async () => {
    server.use(http.get(URL_, () => HttpResponse.json(noMatch)));
    expect(await census.geocode({ text: '99999 Nonexistent Blvd', location: 'address' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it.each([
    ['an HTTP 400 with errors', () => HttpResponse.json(error, { status: 400 })],
    ['an HTTP 500', () => new HttpResponse('Internal Server Error', { status: 500 })],
    ['an unexpected body', () => HttpResponse.json({ result: {} })],
    [
      'a timeout',
      async () => {
        await delay('infinite');
        return HttpResponse.json(match);
      },
    ],
  ])('reports %s as a provider error', async (_, resolver) => {
    server.use(http.get(URL_, resolver));
    expect(
      await census.geocode({ text: '1208 N Cedar Ridge Dr', location: 'address' }),
    ).toMatchObject({
      ok: false,
      reason: 'provider_error',
    });
  });

  it('does not call the Census for an empty query', async () => {
    expect(await census.geocode({ fields: fields(), location: 'address' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('uses the configured host', async () => {
    server.use(
      http.get('http://census.test/geocoder/locations/onelineaddress', () =>
        HttpResponse.json(match),
      ),
    );
    const local = createCensusGeocoder({ baseUrl: 'http://census.test' });
    expect(await local.geocode({ text: 'x', location: 'address' })).toMatchObject({ ok: true });
  });
});
