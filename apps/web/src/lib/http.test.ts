import { NETWORK_ERROR } from '@lantern/domain';
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

describe('Idempotency-Key (decision 067)', () => {
  it('sends one key per form submission: a retry after no answer reuses it, success ends it', async () => {
    let down = true;
    const keys: string[] = [];
    const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      keys.push((init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'] ?? '');
      if (down) throw new TypeError('Failed to fetch');
      return new Response('{}', { status: 202, headers: { 'content-type': 'application/json' } });
    });
    const body = { email: 'retry@b.co' };
    expect((await requestJson('POST', '/api/newsletter', body, { fetch })).ok).toBe(false);
    down = false;
    expect((await requestJson('POST', '/api/newsletter', body, { fetch })).ok).toBe(true);
    await requestJson('POST', '/api/newsletter', body, { fetch });
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('looksLikeEmail', () => {
  it('accepts ordinary addresses and rejects obvious mistakes', () => {
    expect(looksLikeEmail('name@example.com')).toBe(true);
    expect(looksLikeEmail('name@example')).toBe(false);
    expect(looksLikeEmail('not an email')).toBe(false);
  });
});
