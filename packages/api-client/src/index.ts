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

/** What a token lacking a scope is answered (403), as the document declares it. */
export type ScopeRefusal =
  paths['/api/v1/dashboard/user-properties']['get']['responses'][403]['content']['application/json'];
