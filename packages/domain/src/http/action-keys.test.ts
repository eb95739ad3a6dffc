import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../api-client.ts';
import { IDEMPOTENCY_HEADER } from './action-keys.ts';

/** A fetch that answers each call in turn and records the keys it was sent. */
function server(answers: Array<number | 'down'>) {
  const keys: string[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    keys.push((init?.headers as Record<string, string> | undefined)?.[IDEMPOTENCY_HEADER] ?? '');
    await new Promise((r) => setTimeout(r, 5));
    const answer = answers.shift() ?? 201;
    if (answer === 'down') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(answer < 300 ? { ok: true } : { message: 'No' }), {
      status: answer,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { keys, api: createApiClient({ fetch: fetch as typeof globalThis.fetch }) };
}

describe('one Idempotency-Key per user action', () => {
  it('joins a double click to the first request', async () => {
    const { keys, api } = server([201]);
    const [a, b] = await Promise.all([api.post('/api/x', { n: 1 }), api.post('/api/x', { n: 1 })]);
    expect(a).toEqual(b);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('retries with the same key after no answer, a 5xx or a 409, and a new one after success', async () => {
    const { keys, api } = server(['down', 503, 409, 201, 201]);
    for (let i = 0; i < 3; i++) await api.post('/api/x', { n: 1 }).catch(() => undefined);
    await api.post('/api/x', { n: 1 });
    expect(new Set(keys).size).toBe(1);
    await api.post('/api/x', { n: 1 });
    expect(new Set(keys).size).toBe(2);
  });

  it('starts a new action when the input changes or after a refusal', async () => {
    const { keys, api } = server([422, 422, 201]);
    await expect(api.post('/api/x', { n: 1 })).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('/api/x', { n: 1 })).rejects.toBeInstanceOf(ApiError);
    await api.post('/api/x', { n: 2 });
    expect(new Set(keys).size).toBe(3);
  });

  it('sends no key on a GET', async () => {
    const { keys, api } = server([200]);
    await api.get('/api/x');
    expect(keys).toEqual(['']);
  });
});
