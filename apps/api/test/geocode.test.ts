import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { GeocoderError } from '@lantern/address';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testConfig } from './helpers/build-test-app.ts';
import { type SignedIn, signInAgain, signUpUser } from './helpers/dashboard-fixtures.ts';

const fixtures = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  'packages',
  'address',
  'src',
  'providers',
  'fixtures',
);
const fixture = (name: string) => readFileSync(join(fixtures, name), 'utf8');

const geocode = (t: TestApp, cookie: string, query: Record<string, string>) =>
  t.app.inject({
    url: `/api/geocode?${new URLSearchParams(query)}`,
    headers: cookie ? { cookie } : {},
  });
const autocomplete = (t: TestApp, cookie: string, input: string) =>
  t.app.inject({
    url: `/api/places/autocomplete?${new URLSearchParams({ input })}`,
    headers: cookie ? { cookie } : {},
  });

const SPRINGFIELD = {
  streetAddress: '1600 Main St',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
};

describe('GET /api/geocode on the offline gazetteer (the default)', () => {
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signUpUser(t.app, 'geo');
  });
  afterAll(() => t.close());

  it('answers 401 without a session', async () => {
    expect(
      (await geocode(t, '', { address: '1600 Main St, Springfield, IL 62701' })).statusCode,
    ).toBe(401);
    expect((await autocomplete(t, '', 'spring')).statusCode).toBe(401);
  });

  it('geocodes the fields of a US address: city, state, county, ZIP and the centroid', async () => {
    const res = await geocode(t, user.cookie, {
      ...SPRINGFIELD,
      address: '1600 Main St, Springfield, IL 62701',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({
      ok: true,
      result: {
        streetNumber: '1600',
        street: 'Main St',
        city: 'Springfield',
        county: 'Sangamon County',
        state: 'IL',
        zipCode: '62701',
        lat: expect.any(Number),
        lng: expect.any(Number),
      },
    });
  });

  it('geocodes one line of text too', async () => {
    const res = await geocode(t, user.cookie, {
      address: '1600 north main street, Springfield, IL 62701',
    });
    expect(res.json()).toMatchObject({
      ok: true,
      result: { street: 'N Main St', city: 'Springfield' },
    });
  });

  it("answers a clean 'geocode failed' for what is not in the US gazetteer", async () => {
    const queries: Record<string, string>[] = [
      { ...SPRINGFIELD, city: 'Nowhere Flats', state: 'NV', zipCode: '89999' },
      { address: '24 Sussex Dr, Ottawa, ON K1M 1M4' },
      { address: '1 Calle Fortaleza, San Juan, PR 00901' },
    ];
    for (const query of queries) {
      const res = await geocode(t, user.cookie, query);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: false, reason: 'not_found', message: 'Geocode failed.' });
    }
  });

  it('answers 422 when there is nothing to geocode or too much', async () => {
    const empty = await geocode(t, user.cookie, { address: '   ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ address: ['Enter an address to look up.'] });
    const long = await geocode(t, user.cookie, { address: 'x'.repeat(301) });
    expect(long.statusCode).toBe(422);
    const location = await geocode(t, user.cookie, { address: '1 Main St', location: 'moon' });
    expect(location.statusCode).toBe(422);
  });

  it('suggests US places for autocomplete', async () => {
    const res = await autocomplete(t, user.cookie, 'springfield, il');
    expect(res.statusCode).toBe(200);
    const { suggestions } = res.json();
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.length).toBeLessThanOrEqual(8);
    for (const s of suggestions) expect(s.description).toMatch(/^Springfield, IL \d{5}$/);
    expect((await autocomplete(t, user.cookie, ' ')).statusCode).toBe(422);
  });

  it('ranks the biggest place of a name first, and a typed state before other states', async () => {
    const first = async (input: string) =>
      (await autocomplete(t, user.cookie, input)).json().suggestions[0]?.description;
    expect(await first('Austin')).toBe('Austin, TX 73301');
    expect(await first('Austin TX')).toBe('Austin, TX 73301');
    expect(await first('Franklin PA')).toBe('Franklin, PA 16323');
  });

  it('answers an empty list when the autocomplete provider fails', async () => {
    const real = t.app.geocoder;
    t.app.geocoder = {
      geocode: real.geocode,
      autocomplete: async () => {
        throw new GeocoderError('provider down');
      },
    };
    try {
      const res = await autocomplete(t, user.cookie, 'spring');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ suggestions: [] });
    } finally {
      t.app.geocoder = real;
    }
  });

  it('tells the pin map which tiles to use, signed in or not', async () => {
    const res = await t.app.inject({ url: '/api/map-config' });
    expect(res.json()).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      maxZoom: 19,
      suggestsStreets: false,
    });
  });

  it('says autocomplete suggests streets only with Google behind it', async () => {
    const google = await buildTestApp({
      geocoding: { ...testConfig().geocoding, kind: 'google', googleApiKey: 'test-key' },
    });
    try {
      const res = await google.app.inject({ url: '/api/map-config' });
      expect(res.json()).toMatchObject({ suggestsStreets: true });
    } finally {
      await google.close();
    }
  });
});

const DEFAULTS = testConfig().geocoding;

describe('GET /api/geocode rate limit', () => {
  it('limits each session, and each kind of call, on its own', async () => {
    const limited = await buildTestApp({
      geocoding: { ...DEFAULTS, geocodesPerMinute: 3, autocompletesPerMinute: 2 },
    });
    try {
      const user = await signUpUser(limited.app, 'limited');
      for (let i = 0; i < 3; i++) {
        expect(
          (await geocode(limited, user.cookie, { address: `${i} Main St, Springfield, IL 62701` }))
            .statusCode,
        ).toBe(200);
      }
      const over = await geocode(limited, user.cookie, {
        address: '9 Main St, Springfield, IL 62701',
      });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.json()).toMatchObject({
        message: expect.stringMatching(/^Too many attempts/),
        retryAfter: expect.any(Number),
      });

      // Autocomplete has its own allowance.
      expect((await autocomplete(limited, user.cookie, 'spring')).statusCode).toBe(200);
      expect((await autocomplete(limited, user.cookie, 'spring')).statusCode).toBe(200);
      expect((await autocomplete(limited, user.cookie, 'spring')).statusCode).toBe(429);

      // Another session (another browser) starts with a fresh allowance.
      const other = await signInAgain(limited.app, user.email);
      expect(
        (await geocode(limited, other, { address: '1 Main St, Springfield, IL 62701' })).statusCode,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is lifted with the other limits for benchmarks (DISABLE_RATE_LIMITS)', async () => {
    const open = await buildTestApp({
      rateLimits: false,
      geocoding: { ...DEFAULTS, geocodesPerMinute: 1 },
    });
    try {
      const user = await signUpUser(open.app, 'unlimited');
      for (let i = 0; i < 3; i++) {
        expect(
          (await geocode(open, user.cookie, { address: '1 Main St, Springfield, IL 62701' }))
            .statusCode,
        ).toBe(200);
      }
    } finally {
      await open.close();
    }
  });
});

/** A stand-in for a provider: a real HTTP server answering what each test asks of it. */
function providerServer() {
  let handler: (req: IncomingMessage) => { status: number; body: string } | 'hang' = () => ({
    status: 500,
    body: '{}',
  });
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    const answer = handler(req);
    if (answer === 'hang') return; // never answers: the client's timeout must end it
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  return {
    requests,
    answer(next: typeof handler) {
      handler = next;
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('GET /api/geocode through a network provider (Nominatim format)', () => {
  const provider = providerServer();
  let t: TestApp;
  let user: SignedIn;
  beforeAll(async () => {
    const baseUrl = await provider.start();
    t = await buildTestApp({
      geocoding: {
        ...DEFAULTS,
        kind: 'nominatim',
        userAgent: 'Lantern tests',
        baseUrl,
        timeoutMs: 300,
      },
    });
    user = await signUpUser(t.app, 'nominatim');
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  it('asks the provider for US results only and answers its match', async () => {
    provider.answer(() => ({ status: 200, body: fixture('nominatim-search.json') }));
    const res = await geocode(t, user.cookie, {
      address: '715 N Lakeview Ave, Minneapolis, MN 55403',
    });
    expect(res.json()).toMatchObject({
      ok: true,
      result: {
        streetNumber: '715',
        street: 'N Lakeview Ave',
        city: 'Minneapolis',
        state: 'MN',
        zipCode: '55403',
      },
    });
    const asked = new URL(provider.requests.at(-1) ?? '', 'http://x');
    expect(asked.pathname).toBe('/search');
    expect(asked.searchParams.get('countrycodes')).toBe('us');
  });

  it('caches answers, so a repeated submit does not reach the provider again', async () => {
    provider.answer(() => ({ status: 200, body: fixture('nominatim-search.json') }));
    const before = provider.requests.length;
    const query = { address: '715 North Lakeview Avenue, Minneapolis, MN 55403' };
    expect((await geocode(t, user.cookie, query)).json().ok).toBe(true);
    expect(
      (await geocode(t, user.cookie, { address: ` ${query.address.toUpperCase()} ` })).json().ok,
    ).toBe(true);
    expect(provider.requests.length).toBe(before + 1);
  });

  it('turns a match outside the US into the clean failure', async () => {
    provider.answer(() => ({ status: 200, body: fixture('nominatim-search-canada.json') }));
    const res = await geocode(t, user.cookie, { address: '24 Sussex Drive, Ottawa' });
    expect(res.json()).toEqual({ ok: false, reason: 'outside_us', message: 'Geocode failed.' });
  });

  it("turns a provider error into a clean 'geocode failed', with no detail for the client", async () => {
    provider.answer(() => ({ status: 503, body: '{"error": "internal details"}' }));
    const res = await geocode(t, user.cookie, { address: '1 Error Way, Minneapolis, MN 55403' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: false, reason: 'provider_error', message: 'Geocode failed.' });
    expect(res.body).not.toMatch(/internal|127\.0\.0\.1|503/);
  });

  it('gives up on a provider that does not answer in time, and does not cache the failure', async () => {
    provider.answer(() => 'hang');
    const query = { address: '2 Slow Rd, Minneapolis, MN 55403' };
    expect((await geocode(t, user.cookie, query)).json()).toEqual({
      ok: false,
      reason: 'provider_error',
      message: 'Geocode failed.',
    });
    provider.answer(() => ({ status: 200, body: fixture('nominatim-search.json') }));
    expect((await geocode(t, user.cookie, query)).json().ok).toBe(true);
  });

  it('still answers autocomplete from the offline gazetteer', async () => {
    const before = provider.requests.length;
    const res = await autocomplete(t, user.cookie, '5540');
    expect(res.json().suggestions.length).toBeGreaterThan(0);
    expect(provider.requests.length).toBe(before);
  });
});

describe('geocoder configuration', () => {
  it('refuses to start with a provider that cannot work', async () => {
    await expect(
      buildTestApp({
        geocoding: { ...DEFAULTS, kind: 'google', googleApiKey: undefined },
      }),
    ).rejects.toThrow(/Google API key/);
  });
});
