import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import search from './fixtures/nominatim-search.json' with { type: 'json' };
import canada from './fixtures/nominatim-search-canada.json' with { type: 'json' };
import village from './fixtures/nominatim-search-village.json' with { type: 'json' };
import { useMockServer } from './msw-server.ts';
import { createNominatimGeocoder } from './nominatim.ts';

const SEARCH_URL = 'https://nominatim.openstreetmap.org/search';

const server = useMockServer();
const nominatim = createNominatimGeocoder({
  userAgent: 'Lantern test (ops@example.com)',
  timeoutMs: 200,
});

describe('Nominatim geocode', () => {
  it('searches the US only, with address details and an identifying User-Agent', async () => {
    let asked: { params: Record<string, string>; agent: string | null } | undefined;
    server.use(
      http.get(SEARCH_URL, ({ request }) => {
        asked = {
          params: Object.fromEntries(new URL(request.url).searchParams),
          agent: request.headers.get('User-Agent'),
        };
        return HttpResponse.json(search);
      }),
    );
    await nominatim.geocode({
      text: '715 N Lakeview Ave, Minneapolis, MN 55403',
      location: 'address',
    });
    expect(asked).toEqual({
      params: {
        q: '715 N Lakeview Ave, Minneapolis, MN 55403',
        countrycodes: 'us',
        addressdetails: '1',
        format: 'jsonv2',
        limit: '1',
      },
      agent: 'Lantern test (ops@example.com)',
    });
  });

  it('maps a house, shortening the road the USPS way', async () => {
    server.use(http.get(SEARCH_URL, () => HttpResponse.json(search)));
    const outcome = await nominatim.geocode({
      text: '715 n lakeview minneapolis',
      location: 'address',
    });
    expect(outcome).toEqual({
      ok: true,
      result: {
        streetNumber: '715',
        street: 'N Lakeview Ave',
        city: 'Minneapolis',
        county: 'Hennepin County',
        state: 'MN',
        zipCode: '55403',
        lat: 44.9771312,
        lng: -93.2687425,
        precision: 'rooftop',
        formatted:
          '715, North Lakeview Avenue, Loring Park, Minneapolis, Hennepin County, Minnesota, 55403, United States',
        viewport: {
          northeast: { lat: 44.9771812, lng: -93.2686925 },
          southwest: { lat: 44.9770812, lng: -93.2687925 },
        },
        addressComponents: expect.arrayContaining([
          { long_name: 'N Lakeview Ave', short_name: 'N Lakeview Ave', types: ['route'] },
          {
            long_name: 'Hennepin County',
            short_name: 'Hennepin County',
            types: ['administrative_area_level_2', 'political'],
          },
        ]),
      },
    });
  });

  it('takes a village as the city and the state from its name when there is no ISO code', async () => {
    server.use(http.get(SEARCH_URL, () => HttpResponse.json(village)));
    const outcome = await nominatim.geocode({
      text: 'Brook Hollow Rd, Bethel, VT',
      location: 'parcel',
    });
    expect(outcome).toMatchObject({
      ok: true,
      result: { street: 'Brook Hollow Rd', city: 'Bethel', state: 'VT', zipCode: '05032' },
    });
    expect(outcome.ok && 'streetNumber' in outcome.result).toBe(false);
  });

  it.each([
    ['an empty list', [], 'not_found'],
    ['a place outside the US', canada, 'outside_us'],
  ])('maps %s', async (_, body, reason) => {
    server.use(http.get(SEARCH_URL, () => HttpResponse.json(body)));
    expect(await nominatim.geocode({ text: 'somewhere', location: 'address' })).toEqual({
      ok: false,
      reason,
    });
  });

  it.each([
    ['a 429 for too many requests', () => new HttpResponse('Too Many Requests', { status: 429 })],
    ['a 403 for a blocked User-Agent', () => new HttpResponse('Access blocked', { status: 403 })],
    [
      'an error object instead of a list',
      () => HttpResponse.json({ error: 'Nothing to search for.' }),
    ],
  ])('reports %s as a provider error', async (_, resolver) => {
    server.use(http.get(SEARCH_URL, resolver));
    expect(await nominatim.geocode({ text: 'x', location: 'address' })).toMatchObject({
      ok: false,
      reason: 'provider_error',
    });
  });

  it('does not call Nominatim for an empty query', async () => {
    expect(await nominatim.geocode({ text: '', location: 'address' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('uses the configured host', async () => {
    server.use(http.get('http://nominatim.test/search', () => HttpResponse.json(search)));
    const local = createNominatimGeocoder({
      userAgent: 'Lantern',
      baseUrl: 'http://nominatim.test',
    });
    expect(await local.geocode({ text: 'x', location: 'address' })).toMatchObject({ ok: true });
  });
});
