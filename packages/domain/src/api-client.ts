import {
  actionOf,
  createActionKeys,
  IDEMPOTENCY_HEADER,
  keepsActionKey,
} from './http/action-keys.ts';
import { type ErrorResponse, readErrorResponse } from './http/error-response.ts';
import { browserXhr, xhrSend } from './http/xhr-send.ts';
import { NETWORK_ERROR } from './network-error.ts';
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

export interface UploadOptions<T> {
  /** POST unless the endpoint says otherwise (PUT to replace a file). */
  method?: string;
  schema?: AnswerSchema<T>;
  /** The fraction sent so far, 0 to 1: the upload then goes through XMLHttpRequest. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
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

/** What every request sends: marks it as the app's (CSRF check) and asks for JSON. */
const JSON_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };

/** An error after which the action may be tried again with its key: no answer, 5xx, 409. */
const isOpen = (error: unknown) => !(error instanceof ApiError) || keepsActionKey(error.status);

/**
 * An upload's request: through XMLHttpRequest when progress is asked for (in a browser), else
 * fetch. A request that never reached the API rejects with the network error text.
 */
async function sendUpload(
  doFetch: typeof fetch,
  url: string,
  body: FormData,
  opts: UploadOptions<unknown>,
): Promise<Response> {
  const init = { method: opts.method ?? 'POST', headers: { ...JSON_HEADERS }, body };
  const Xhr = opts.onProgress ? browserXhr() : undefined;
  // Before sending: undici's fetch, aborted before it starts reading a form, leaks a rejection.
  opts.signal?.throwIfAborted();
  try {
    if (Xhr && opts.onProgress)
      return await xhrSend(Xhr, url, { ...init, signal: opts.signal, onProgress: opts.onProgress });
    return await doFetch(url, { ...init, credentials: 'same-origin', signal: opts.signal });
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    throw new Error(NETWORK_ERROR);
  }
}

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
    const headers: Record<string, string> = { ...JSON_HEADERS };
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
    if (res.status === 401 && opts.anonymousOk) return null as T;
    await refuseFailure(res);
    if (res.status === 204) return undefined as T;
    const data: unknown = await res.json();
    return opts.schema ? opts.schema.parse(data) : (data as T);
  }

  /** A 401 visits the login page; any non-2xx becomes an ApiError carrying the error shape. */
  async function refuseFailure(res: Response): Promise<void> {
    if (res.status === 401) onUnauthenticated();
    if (!res.ok) throw new ApiError(res.status, await readError(res));
  }

  /**
   * A multipart/form-data upload (the browser sets the boundary), answered and refused as JSON
   * requests are; no action key, as before (a form is no JSON body to key on).
   */
  async function upload<T = unknown>(
    path: string,
    body: FormData,
    opts: UploadOptions<T> = {},
  ): Promise<T> {
    const res = await sendUpload(doFetch, base + path, body, opts);
    await refuseFailure(res);
    // An upload may answer 200 with no body: nothing to read.
    const text = await res.text();
    const data: unknown = text === '' ? undefined : JSON.parse(text);
    return opts.schema ? opts.schema.parse(data) : (data as T);
  }

  return {
    request,
    upload,
    get: <T>(path: string, opts?: Omit<RequestOptions<T>, 'body'>) => request<T>('GET', path, opts),
    post: <T>(path: string, body?: unknown, opts?: Omit<RequestOptions<T>, 'body'>) =>
      request<T>('POST', path, { ...opts, body: body ?? {} }),
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
export const api = createApiClient();
