import {
  actionOf,
  createActionKeys,
  IDEMPOTENCY_HEADER,
  keepsActionKey,
} from './http/action-keys.ts';
import { type ErrorResponse, readErrorResponse } from './http/error-response.ts';
import { PATHS } from './paths.ts';

/** A non-2xx answer, carrying the documented error shape. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ErrorResponse;
  constructor(status: number, body: ErrorResponse) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
  /** First message for a field path, for showing under an input. */
  field(path: string): string | undefined {
    return this.body.errors?.[path]?.[0];
  }
}

/** What checks an answer: a zod schema fits, and the client needs no zod of its own. */
export interface AnswerSchema<T> {
  parse(data: unknown): T;
}

export interface RequestOptions<T> {
  body?: unknown;
  schema?: AnswerSchema<T>;
  /** Answer null on 401 instead of visiting the login page (e.g. the public header asking who is signed in). */
  anonymousOk?: boolean;
  signal?: AbortSignal;
  /** Let the request outlive the page (a change sent as the tab closes). */
  keepalive?: boolean;
}

export interface ApiClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** What a 401 does; by default the browser goes to the login page. */
  onUnauthenticated?: () => void;
}

function goToLogin() {
  // No DOM types here: the server imports this package too.
  const location = (globalThis as { location?: { assign(url: string): void } }).location;
  location?.assign(PATHS.login);
}

async function readError(res: Response): Promise<ErrorResponse> {
  const fallback = { message: `Request failed (${res.status}).` };
  try {
    return readErrorResponse(await res.json()) ?? fallback;
  } catch {
    return fallback;
  }
}

/** An error after which the action may be tried again with its key: no answer, 5xx, 409. */
const isOpen = (error: unknown) => !(error instanceof ApiError) || keepsActionKey(error.status);

/** The one small client every front end uses to talk to the API. */
export function createApiClient(options: ApiClientOptions = {}) {
  const base = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const onUnauthenticated = options.onUnauthenticated ?? goToLogin;
  const actions = createActionKeys();

  function request<T = unknown>(
    method: string,
    path: string,
    opts: RequestOptions<T> = {},
  ): Promise<T> {
    if (method !== 'POST') return send(method, path, opts);
    // One key per user action (decision 067): a double click joins, a retry reuses the key.
    return actions.run(
      actionOf(path, opts.body),
      (key) => send(method, path, opts, key),
      (outcome) => 'error' in outcome && isOpen(outcome.error),
    );
  }

  async function send<T>(
    method: string,
    path: string,
    opts: RequestOptions<T>,
    idempotencyKey?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {
      'X-Requested-With': 'XMLHttpRequest',
      Accept: 'application/json',
    };
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    const res = await doFetch(base + path, {
      method,
      headers,
      credentials: 'same-origin',
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      ...(opts.keepalive ? { keepalive: true } : {}),
    });
    if (res.status === 401) {
      if (opts.anonymousOk) return null as T;
      onUnauthenticated();
      throw new ApiError(401, await readError(res));
    }
    if (!res.ok) throw new ApiError(res.status, await readError(res));
    if (res.status === 204) return undefined as T;
    const data: unknown = await res.json();
    return opts.schema ? opts.schema.parse(data) : (data as T);
  }

  return {
    request,
    get: <T>(path: string, opts?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions<T>, 'body'>) =>
      request<T>('POST', path, { ...opts, body: body ?? {} }),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
export const api = createApiClient();
