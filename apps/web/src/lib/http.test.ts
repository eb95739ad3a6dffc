import { NETWORK_ERROR } from '@lantern/contracts/network-error';
import { describe, expect, it, vi } from 'vitest';
import { looksLikeEmail, requestJson } from './http.ts';

const reply = (status: number, body: unknown) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
  );

describe('requestJson', () => {
  it('sends X-Requested-With and JSON, and returns the data', async () => {
    const fetch = reply(202, { message: 'ok' });
    const res = await requestJson('POST', '/api/newsletter', { email: 'a@b.co' }, { fetch });
    expect(res).toEqual({ ok: true, data: { message: 'ok' } });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
    expect(init.body).toBe('{"email":"a@b.co"}');
  });

  it('returns the documented error shape', async () => {
    const res = await requestJson(
      'POST',
      '/x',
      {},
      { fetch: reply(422, { message: 'Bad', errors: { email: ['No'] } }) },
    );
    expect(res).toEqual({ ok: false, status: 422, message: 'Bad', errors: { email: ['No'] } });
  });

  it('turns a network failure into a readable message', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await requestJson('GET', '/x', undefined, { fetch })).toMatchObject({
      ok: false,
      message: NETWORK_ERROR,
    });
  });
});

describe('looksLikeEmail', () => {
  it('accepts ordinary addresses and rejects obvious mistakes', () => {
    expect(looksLikeEmail('name@example.com')).toBe(true);
    expect(looksLikeEmail('name@example')).toBe(false);
    expect(looksLikeEmail('not an email')).toBe(false);
  });
});
