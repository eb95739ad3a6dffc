import { describe, expect, it } from 'vitest';
import { createLanternClient, LanternApiError } from './index.js';
import { retryAfterMs } from './retry.js';

interface Seen {
  method: string;
  key: string | null;
  body: string;
}

/** A fetch that answers each attempt with the next of `statuses` and records what it was sent. */
function scripted(statuses: (number | Error)[], headers: Record<string, string> = {}) {
  const seen: Seen[] = [];
  const fetch = async (request: Request) => {
    seen.push({
      method: request.method,
      key: request.headers.get('Idempotency-Key'),
      body: await request.text(),
    });
    const next = statuses[Math.min(seen.length - 1, statuses.length - 1)];
    if (next instanceof Error) throw next;
    return Response.json({ code: 'x', detail: `answer ${seen.length}` }, { status: next, headers });
  };
  return { fetch, seen };
}

const fast = { baseDelayMs: 1, maxDelayMs: 1000 };
const path = '/api/v1/dashboard/listing/open-houses';
const body = { property: 'p1', date: '2030-01-05', startTime: '10:00', endTime: '12:00' };

describe('retries', () => {
  it('retries a 503 and a 429 with the same generated key and the same body', async () => {
    const { fetch, seen } = scripted([503, 429, 201]);
    const client = createLanternClient({
      baseUrl: 'http://api.test',
      token: 't',
      fetch,
      retry: fast,
    });
    const { response } = await client.POST(path, { body });
    expect(response.status).toBe(201);
    expect(seen).toHaveLength(3);
    expect(seen[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    expect(new Set(seen.map((s) => s.body))).toEqual(new Set([JSON.stringify(body)]));
  });

  it('keeps the caller’s key, makes a new one per call, and stops after maxRetries', async () => {
    const { fetch, seen } = scripted([503]);
    const client = createLanternClient({
      baseUrl: 'http://api.test',
      token: 't',
      fetch,
      retry: { ...fast, maxRetries: 1 },
    });
    const given = await client.POST(path, { body, headers: { 'Idempotency-Key': 'mine' } });
    expect(given.response.status).toBe(503);
    expect(given.error?.detail).toBe('answer 2');
    await client.POST(path, { body });
    await client.POST(path, { body });
    expect(seen.map((s) => s.key).slice(0, 2)).toEqual(['mine', 'mine']);
    expect(seen[2]?.key).toBe(seen[3]?.key);
    expect(seen[4]?.key).not.toBe(seen[2]?.key);
  });

  it('sends once with retry: false, and never keys a GET', async () => {
    const { fetch, seen } = scripted([503, 200]);
    const client = createLanternClient({
      baseUrl: 'http://api.test',
      token: 't',
      fetch,
      retry: false,
    });
    const { response } = await client.GET('/api/v1/user');
    expect(response.status).toBe(503);
    expect(seen).toEqual([{ method: 'GET', key: null, body: '' }]);
  });

  it('retries a lost connection for a keyed write and a GET', async () => {
    const lost = new TypeError('fetch failed');
    const write = scripted([lost, 201]);
    const client = createLanternClient({
      baseUrl: 'http://api.test',
      token: 't',
      fetch: write.fetch,
      retry: fast,
    });
    expect((await client.POST(path, { body })).response.status).toBe(201);
    expect(write.seen[0]?.key).toBe(write.seen[1]?.key);
    const read = scripted([lost, lost, lost]);
    const reader = createLanternClient({
      baseUrl: 'http://api.test',
      token: 't',
      fetch: read.fetch,
      retry: fast,
    });
    await expect(reader.GET('/api/v1/user')).rejects.toBe(lost);
    expect(read.seen).toHaveLength(3);
  });

  it('waits as long as Retry-After says, and answers at once when that is past maxDelayMs', async () => {
    const { fetch, seen } = scripted([429, 200], { 'Retry-After': '1' });
    const client = createLanternClient({
      baseUrl: 'http://api.test',
      token: 't',
      fetch,
      retry: fast,
    });
    const started = performance.now();
    expect((await client.GET('/api/v1/user')).response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(seen).toHaveLength(2);

    const long = scripted([429, 200], { 'Retry-After': '120' });
    const impatient = createLanternClient({
      baseUrl: 'http://api.test',
      token: 't',
      fetch: long.fetch,
      retry: fast,
    });
    expect((await impatient.GET('/api/v1/user')).response.status).toBe(429);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Tue, 01 Jan 2030 00:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Mon, 31 Dec 2029 00:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('paginate', () => {
  it('follows Next-Cursor and throws the problem of a refused page', async () => {
    const urls: string[] = [];
    const fetch = async (request: Request) => {
      urls.push(request.url);
      const cursor = new URL(request.url).searchParams.get('cursor');
      if (cursor === 'c2')
        return Response.json({ code: 'not_found', detail: 'gone' }, { status: 404 });
      const properties = [{ streetAddress: cursor ?? 'first' }];
      return Response.json(
        { properties },
        { headers: cursor ? { 'Next-Cursor': 'c2' } : { 'Next-Cursor': 'c1' } },
      );
    };
    const client = createLanternClient({ baseUrl: 'http://api.test', token: 't', fetch });
    const seen: string[] = [];
    const walk = async () => {
      for await (const property of client.paginate(
        '/api/v1/dashboard/user-properties',
        'properties',
        {
          params: { query: { limit: 1 } },
        },
      )) {
        seen.push(property.streetAddress);
      }
    };
    const error = await walk().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LanternApiError);
    expect((error as LanternApiError).problem?.code).toBe('not_found');
    expect(seen).toEqual(['first', 'c1']);
    expect(urls.map((u) => new URL(u).search)).toEqual([
      '?limit=1',
      '?limit=1&cursor=c1',
      '?limit=1&cursor=c2',
    ]);
  });
});
