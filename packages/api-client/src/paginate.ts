import type { Client, MaybeOptionalInit } from 'openapi-fetch';
import type { Problem, paths } from './schema.gen.js';

type GetOf<P extends keyof paths> = paths[P] extends { get: infer Operation } ? Operation : never;
type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } }
  ? NonNullable<Query>
  : never;

/** A list's request options (`params`, `headers`, …), optional when nothing in them is required. */
export type PageInit<P extends ListPath> = MaybeOptionalInit<paths[P], 'get'>;
/** `paginate`'s last arguments: the init, left out when nothing in it is required. */
export type PageArgs<P extends ListPath> =
  undefined extends PageInit<P> ? [init?: PageInit<P>] : [init: PageInit<P>];

/** The paths of the paged lists: their GET takes a `cursor`. */
export type ListPath = {
  [P in keyof paths]: 'cursor' extends keyof QueryOf<GetOf<P>> ? P : never;
}[keyof paths];

/** A list's page: the JSON of its 200 answer. */
export type ListPage<P extends ListPath> =
  GetOf<P> extends {
    responses: { 200: { content: { 'application/json': infer Page } } };
  }
    ? Page
    : never;

/** The keys of a page that hold an array (`properties` on /api/v1/dashboard/user-properties). */
export type ListKey<P extends ListPath> = {
  [K in keyof ListPage<P>]: ListPage<P>[K] extends readonly unknown[] ? K : never;
}[keyof ListPage<P>];

/** One item of a list: `ListItem<'/api/v1/dashboard/user-properties', 'properties'>`. */
export type ListItem<
  P extends ListPath,
  K extends ListKey<P>,
> = ListPage<P>[K] extends readonly (infer Item)[] ? Item : never;

/** A request the API refused, thrown where there is no `{ data, error }` to return it in. */
export class LanternApiError extends Error {
  override readonly name = 'LanternApiError';
  /** The problem details (RFC 9457) when the answer was one; undefined for any other body. */
  readonly problem: Problem | undefined;
  readonly status: number;
  readonly response: Response;
  constructor(response: Response, body: unknown) {
    const problem = isProblem(body) ? body : undefined;
    super(problem ? `${problem.code}: ${problem.detail}` : `HTTP ${response.status}`);
    this.problem = problem;
    this.status = response.status;
    this.response = response;
  }
}

function isProblem(body: unknown): body is Problem {
  return typeof body === 'object' && body !== null && 'code' in body && 'detail' in body;
}

/** The cursor of the next page of a list (`Next-Cursor`); undefined on the last page. */
export function nextCursor(response: Response): string | undefined {
  return response.headers.get('Next-Cursor') ?? undefined;
}

type LooseGet = (
  path: string,
  init: { params?: { query?: Record<string, unknown> } },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/**
 * Every item of a paged list, page after page, following `Next-Cursor` until the last page:
 * `for await (const p of paginate(client, '/api/v1/dashboard/user-properties', 'properties'))`.
 * A refused page throws a `LanternApiError` (the items before it have been yielded).
 */
export async function* paginate<P extends ListPath, K extends ListKey<P>>(
  client: Pick<Client<paths>, 'GET'>,
  path: P,
  key: K,
  ...[init]: PageArgs<P>
): AsyncGenerator<ListItem<P, K>, void, undefined> {
  // The generic GET cannot be called with a path still open (P); each page is checked here.
  const get = client.GET as unknown as LooseGet;
  const options = (init ?? {}) as { params?: { query?: Record<string, unknown> } };
  let cursor = options.params?.query?.cursor;
  do {
    const query = { ...options.params?.query, cursor };
    const { data, error, response } = await get(path, {
      ...options,
      params: { ...options.params, query },
    });
    if (error !== undefined || data === undefined) throw new LanternApiError(response, error);
    const page = data as Record<K, ListItem<P, K>[]>;
    yield* page[key];
    cursor = nextCursor(response);
  } while (cursor);
}
