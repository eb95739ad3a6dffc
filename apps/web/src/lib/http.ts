/**
 * A zod-free JSON fetch for islands on content pages: the shared api client validates with zod,
 * which alone would more than double the JavaScript a content page ships (issue 3: 90 KB budget).
 * Same rules as the shared client: X-Requested-With on every request, the documented error shape.
 */
import {
  actionOf,
  createActionKeys,
  IDEMPOTENCY_HEADER,
  keepsActionKey,
  NETWORK_ERROR,
} from '@lantern/domain';

export interface HttpFailure {
  ok: false;
  status: number;
  message: string;
  errors: Record<string, string[]>;
}
export type HttpResult<T> = { ok: true; data: T } | HttpFailure;

type Init = { signal?: AbortSignal; fetch?: typeof fetch };
const actions = createActionKeys();

export function requestJson<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  init: Init = {},
): Promise<HttpResult<T>> {
  if (method === 'GET') return send<T>(method, path, body, init);
  // One Idempotency-Key per user action, as the shared client sends (decision 067).
  return actions.run(
    actionOf(path, body),
    (key) => send<T>(method, path, body, init, key),
    (outcome) =>
      !('value' in outcome) || (!outcome.value.ok && keepsActionKey(outcome.value.status)),
  );
}

async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  init: Init,
  idempotencyKey?: string,
): Promise<HttpResult<T>> {
  const doFetch = init.fetch ?? fetch;
  let res: Response;
  try {
    res = await doFetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(init.signal ? { signal: init.signal } : {}),
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return { ok: false, status: 0, message: NETWORK_ERROR, errors: {} };
  }
  let json: unknown = null;
  try {
    json = await res.json();
  } catch {
    // An empty or non-JSON body: handled below.
  }
  if (res.ok) return { ok: true, data: json as T };
  const shaped = (json ?? {}) as { message?: unknown; errors?: unknown };
  return {
    ok: false,
    status: res.status,
    message:
      typeof shaped.message === 'string' ? shaped.message : `Request failed (${res.status}).`,
    errors:
      shaped.errors && typeof shaped.errors === 'object'
        ? (shaped.errors as Record<string, string[]>)
        : {},
  };
}

/** A light client-side check; the server's zod schema is the authority. */
export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
