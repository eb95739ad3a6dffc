import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import { type ListItem, type ListKey, type ListPath, type PageArgs, paginate } from './paginate.js';
import { type RetryOptions, withRetries } from './retry.js';
import type { operations, Problem, paths } from './schema.gen.js';

export {
  LanternApiError,
  type ListItem,
  type ListKey,
  type ListPage,
  type ListPath,
  nextCursor,
  type PageInit,
  paginate,
} from './paginate.js';
export { type RetryOptions, retryAfterMs, withRetries } from './retry.js';
/**
 * The typed client of the public API (issue 25; docs/api.md "The typed client"): openapi-fetch
 * over the types generated from GET /api/v1/openapi.json. Every path, parameter, body and answer
 * (including each error status) is checked against the document the server serves. Issue 48 made
 * it a built package with paging, retries and idempotency keys (decision 094).
 */
export type * from './schema.gen.js';

export interface LanternClient extends Client<paths> {
  /** Every item of a paged list, following `Next-Cursor` (see `paginate`). */
  paginate<P extends ListPath, K extends ListKey<P>>(
    path: P,
    key: K,
    ...init: PageArgs<P>
  ): AsyncGenerator<ListItem<P, K>, void, undefined>;
}

export interface LanternClientOptions extends Omit<ClientOptions, 'baseUrl'> {
  /** The site's address, e.g. `https://lantern.example` (paths already start with /api/v1). */
  baseUrl: string;
  /** A personal access token (`lnt_…`) from Account Settings → API tokens. */
  token: string;
  /** Retries of 429, 503 and lost connections (default: 2 retries); `false` sends once. */
  retry?: RetryOptions | false;
}

/**
 * A client that sends `Authorization: Bearer <token>` on every request, an `Idempotency-Key` on
 * every write, and retries what the server could not take yet.
 */
export function createLanternClient({
  baseUrl,
  token,
  headers,
  retry = {},
  fetch: fetchImpl = (input, init?: RequestInit) => globalThis.fetch(input, init),
  ...options
}: LanternClientOptions): LanternClient {
  const client = createClient<paths>({
    ...options,
    baseUrl: baseUrl.replace(/\/+$/, ''),
    fetch: withRetries(fetchImpl, retry === false ? { maxRetries: 0 } : retry),
    headers: {
      ...(headers as Record<string, string> | undefined),
      Authorization: `Bearer ${token}`,
    },
  });
  return Object.assign(client, {
    paginate: <P extends ListPath, K extends ListKey<P>>(path: P, key: K, ...init: PageArgs<P>) =>
      paginate(client, path, key, ...init),
  });
}

/** What a token lacking a scope is answered (403 `insufficient_scope`, the scope in `scope`). */
export type ScopeRefusal = Problem;
/** The JSON of an operation's success answer, by operationId: `ResponseBody<'getUser'>`. */
export type ResponseBody<Id extends keyof operations, Status extends number = 200> =
  operations[Id]['responses'] extends Record<
    Status,
    { content: { 'application/json': infer Body } }
  >
    ? Body
    : never;
/** The JSON body an operation takes, by operationId: `RequestBody<'postOrders'>`. */
export type RequestBody<Id extends keyof operations> = operations[Id] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;
