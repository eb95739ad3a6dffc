import { ApiError } from '@lantern/domain';
import { vi } from 'vitest';

export type Route = (body: unknown, url: URL) => unknown;

/**
 * A stand-in for the API client: answers by "METHOD /path", throws ApiError for
 * `{status, body}` answers, and records every call.
 */
export function fakeApi(routes: Record<string, Route | unknown>) {
  const calls: Array<{ method: string; url: string; body?: unknown }> = [];
  const answer = async (method: string, path: string, body?: unknown) => {
    calls.push({ method, url: path, body });
    const url = new URL(path, 'http://localhost');
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) throw new Error(`unexpected ${method} ${path}`);
    const value = typeof route === 'function' ? await (route as Route)(body, url) : route;
    if (value && typeof value === 'object' && 'status' in value && 'body' in value) {
      const failure = value as { status: number; body: { message: string } };
      throw new ApiError(failure.status, failure.body);
    }
    return value;
  };
  return {
    calls,
    api: {
      get: vi.fn((path: string, _opts?: unknown) => answer('GET', path)) as never,
      post: vi.fn((path: string, body?: unknown, _opts?: unknown) =>
        answer('POST', path, body),
      ) as never,
    },
  };
}
