import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fetchJson, zip5 } from './http.ts';

const schema = z.object({ answer: z.number() });
const url = new URL('http://provider.test/answer');

describe('fetchJson', () => {
  it('uses the injected fetch and passes the request through', async () => {
    const seen: Request[] = [];
    const fake: typeof fetch = async (input, init) => {
      seen.push(new Request(input, init));
      return Response.json({ answer: 42 });
    };
    const result = await fetchJson(url, { headers: { 'X-Test': '1' } }, schema, { fetch: fake });
    expect(result).toEqual({ ok: true, body: { answer: 42 } });
    expect(seen[0]?.url).toBe('http://provider.test/answer');
    expect(seen[0]?.headers.get('X-Test')).toBe('1');
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([
    [
      'an HTTP status',
      async () => new Response('no', { status: 502 }),
      'provider.test answered HTTP 502',
    ],
    [
      'a body of another shape',
      async () => Response.json({ answer: 'many' }),
      'provider.test sent an unexpected body',
    ],
    [
      'a thrown network error',
      async () => {
        throw new TypeError('fetch failed');
      },
      'provider.test: TypeError: fetch failed',
    ],
  ])('turns %s into a value', async (_, fake: typeof fetch, detail) => {
    expect(await fetchJson(url, {}, schema, { fetch: fake })).toEqual({ ok: false, detail });
  });

  it('gives up after the timeout', async () => {
    const hang: typeof fetch = (_, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    expect(await fetchJson(url, {}, schema, { fetch: hang, timeoutMs: 10 })).toEqual({
      ok: false,
      detail: 'provider.test: timed out',
    });
  });

  it("throws the caller's abort reason", async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    const fake: typeof fetch = async (_, init) => {
      init?.signal?.throwIfAborted();
      return Response.json({ answer: 1 });
    };
    await expect(fetchJson(url, {}, schema, { fetch: fake }, controller.signal)).rejects.toThrow(
      'cancelled',
    );
  });
});

describe('zip5', () => {
  it.each([
    ['62701', '62701'],
    ['62701-1234', '62701'],
    [' 55403;55404', '55403'],
    ['V4B 1A4', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j -> %j', (postcode, zip) => {
    expect(zip5(postcode)).toBe(zip);
  });
});
