/** How the client retries a request the server could not take (429, 503) or never answered. */
export interface RetryOptions {
  /** Retries after the first attempt (default 2); 0 sends each request once. */
  maxRetries?: number;
  /** The first backoff, doubled on each retry (default 500 ms). */
  baseDelayMs?: number;
  /** No wait is longer: a `Retry-After` beyond it is answered at once instead (default 30 s). */
  maxDelayMs?: number;
}

/** The fetch openapi-fetch calls: a prepared `Request` plus its extra init (e.g. a dispatcher). */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

export const IDEMPOTENCY_KEY = 'Idempotency-Key';
const KEYED_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
// Safe methods do no work on the server, so a network error is retried without a key.
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY_STATUSES = new Set([429, 503]);

/**
 * Wraps `fetch` so that a write carries an `Idempotency-Key` (the caller's, or one made here once
 * per call) and a 429, a 503 or a lost connection is tried again with that same key: the server
 * replays the first answer instead of doing the work twice (decision 067).
 */
export function withRetries(fetchImpl: FetchLike, options: RetryOptions = {}): FetchLike {
  const maxRetries = options.maxRetries ?? 2;
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  return async (input, init) => {
    const template = withIdempotencyKey(input);
    const retriesOnError =
      SAFE_METHODS.has(template.method) || template.headers.has(IDEMPOTENCY_KEY);
    for (let attempt = 0; ; attempt++) {
      // A body is read once: every attempt sends a clone, the template is never sent.
      let response: Response;
      try {
        response = await fetchImpl(template.clone(), init);
      } catch (error) {
        if (!retriesOnError || attempt >= maxRetries || template.signal.aborted) throw error;
        await sleep(backoff(attempt, baseDelayMs, maxDelayMs), template.signal);
        continue;
      }
      if (!RETRY_STATUSES.has(response.status) || attempt >= maxRetries) return response;
      const wait = retryAfterMs(response.headers.get('Retry-After'));
      if (wait !== undefined && wait > maxDelayMs) return response;
      // Free the connection before waiting: this answer is dropped.
      await response.body?.cancel();
      await sleep(wait ?? backoff(attempt, baseDelayMs, maxDelayMs), template.signal);
    }
  };
}

/** The request with an `Idempotency-Key` when it is a write that has none. */
function withIdempotencyKey(request: Request): Request {
  if (!KEYED_METHODS.has(request.method) || request.headers.has(IDEMPOTENCY_KEY)) return request;
  const headers = new Headers(request.headers);
  headers.set(IDEMPOTENCY_KEY, crypto.randomUUID());
  return new Request(request, { headers });
}

/** Capped exponential backoff with jitter (half fixed, half random) so clients spread out. */
export function backoff(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
  return ceiling / 2 + Math.random() * (ceiling / 2);
}

/** `Retry-After` in milliseconds: delay-seconds or an HTTP date; undefined when absent or bad. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const done = () => {
      signal.removeEventListener('abort', abort);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
  });
}
