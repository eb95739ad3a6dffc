import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.gen.d.ts';

/**
 * The typed client of the public API (issue 25; docs/api.md "The typed client"): openapi-fetch
 * over the types generated from GET /api/v1/openapi.json. Every path, parameter, body and answer
 * (including each error status) is checked against the document the server serves.
 */
export type { components, operations, paths };
export type LanternClient = Client<paths>;

export interface LanternClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The site's address, e.g. `https://lantern.example` (paths already start with /api/v1). */
  baseUrl: string;
  /** A personal access token (`lnt_…`) from Account Settings → API tokens. */
  token: string;
}

/** A client that sends `Authorization: Bearer <token>` on every request. */
export function createLanternClient({
  baseUrl,
  token,
  headers,
  ...options
}: LanternClientOptions): LanternClient {
  return createClient<paths>({
    ...options,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    headers: {
      ...(headers as Record<string, string> | undefined),
      Authorization: `Bearer ${token}`,
    },
  });
}

/** The cursor of the next page of a list (`Next-Cursor`); undefined on the last page. */
export function nextCursor(response: Response): string | undefined {
  return response.headers.get('Next-Cursor') ?? undefined;
}

/** Every error of the public API: problem details (RFC 9457) with a stable `code`. */
export type Problem = components['schemas']['Problem'];
/** What a token lacking a scope is answered (403 `insufficient_scope`, the scope in `scope`). */
export type ScopeRefusal = Problem;
