import type { z } from 'zod';

/** What every network provider accepts, so tests and deployments can point it elsewhere. */
export interface HttpOptions {
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Give up on a provider after this long; default 5000 ms. */
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 5000;

export type JsonResult<T> = { ok: true; body: T } | { ok: false; detail: string };

/**
 * Fetch JSON and check it against the provider's documented shape. Every failure (network,
 * timeout, HTTP status, unexpected body) is a value; only the caller's own abort throws.
 */
export async function fetchJson<T>(
  url: URL,
  init: RequestInit,
  schema: z.ZodType<T>,
  options: HttpOptions,
  signal?: AbortSignal,
): Promise<JsonResult<T>> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const request = options.fetch ?? fetch;
  try {
    const response = await request(url, { ...init, signal: combined });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, detail: `${url.host} answered HTTP ${response.status}` };
    }
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) return { ok: false, detail: `${url.host} sent an unexpected body` };
    return { ok: true, body: parsed.data };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    const reason = timeout.aborted ? 'timed out' : String(error);
    return { ok: false, detail: `${url.host}: ${reason}` };
  }
}

/** The first five digits of a postcode ('62701-1234', '62701;62702'), or undefined. */
export function zip5(postcode: string | undefined): string | undefined {
  return postcode ? /^\s*(\d{5})/.exec(postcode)?.[1] : undefined;
}
