/**
 * The one real RESO Web API client (issue 49; docs/decisions/097-mls-replication.md): OAuth2
 * client credentials for a bearer token, then Property pages as OData JSON, following
 * `@odata.nextLink` as given. A 401 fetches a new token once; a 429 waits its Retry-After
 * (capped) and asks again. Anything else ends the request with a ResoError in words that never
 * hold the secret or the token.
 */
export interface ResoClientOptions {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Waiting for a 429's Retry-After; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** The longest a Retry-After is waited (default 2 minutes). */
  maxRetryAfterMs?: number;
  /** Each request gives up after this long (default 60 s). */
  timeoutMs?: number;
  now?: () => number;
}

export interface ResoPage {
  records: unknown[];
  nextLink: string | null;
}

export class ResoError extends Error {
  /** The HTTP status of the answer, when there was one. */
  readonly status: number | null;
  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'ResoError';
    this.status = status;
  }
}

/** How many 429s in a row one request waits out before giving up. */
const MAX_THROTTLED = 5;
/** Without a usable Retry-After, a 429 waits this long. */
const DEFAULT_RETRY_AFTER_MS = 30_000;
/** A token this close to its expiry is renewed first rather than sent. */
const EXPIRY_MARGIN_MS = 60_000;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterMs(header: string | null, now = Date.now()): number {
  if (!header) return DEFAULT_RETRY_AFTER_MS;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? DEFAULT_RETRY_AFTER_MS : Math.max(0, at - now);
}

/** An OData (or OAuth) error body's message, short; the status alone when there is none. */
async function errorText(res: Response): Promise<string> {
  const body = await res.text().catch(() => '');
  let detail = '';
  try {
    const json = JSON.parse(body) as {
      error?: { message?: unknown } | string;
      error_description?: unknown;
    };
    if (typeof json.error === 'object' && typeof json.error.message === 'string')
      detail = json.error.message;
    else if (typeof json.error_description === 'string') detail = json.error_description;
    else if (typeof json.error === 'string') detail = json.error;
  } catch {
    // Not JSON: the status says enough.
  }
  return `HTTP ${res.status}${detail ? `: ${detail.slice(0, 200)}` : ''}`;
}

/** fetch, with a network failure or timeout made a ResoError naming what was asked. */
async function send(what: string, url: string, init: RequestInit, timeoutMs: number) {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const cause = (err as Error).name === 'TimeoutError' ? 'timed out' : (err as Error).message;
    throw new ResoError(`${what} failed: ${cause}`);
  }
}

export interface PropertyQuery {
  statuses: readonly string[];
  /** The cursor: the newest record stored, by ModificationTimestamp then ListingKey. */
  after: { at: Date; key: string } | null;
  top: number;
}

/** The first page of Property records modified after the cursor, in replication order. */
export function propertyQueryUrl(baseUrl: string, q: PropertyQuery): string {
  const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;
  const filters = [`(${q.statuses.map((s) => `StandardStatus eq ${quote(s)}`).join(' or ')})`];
  if (q.after) {
    // Keyset: a record modified in the same instant as the cursor but after it by key is still
    // new; the cursor's own record is not asked for again.
    const at = q.after.at.toISOString();
    filters.push(
      `(ModificationTimestamp gt ${at} or (ModificationTimestamp eq ${at} and ListingKey gt ${quote(q.after.key)}))`,
    );
  }
  const params = new URLSearchParams({
    $filter: filters.join(' and '),
    $orderby: 'ModificationTimestamp,ListingKey',
    $top: String(q.top),
  });
  return `${baseUrl}/Property?${params.toString().replaceAll('+', '%20')}`;
}

/** An OData answer's records and next link; a link to another origin is refused (our token would go there). */
function readPage(json: unknown, url: string, origin: string): ResoPage {
  const body = json as { value?: unknown; '@odata.nextLink'?: unknown } | null;
  if (!body || !Array.isArray(body.value))
    throw new ResoError('The MLS answered without a list of records (no "value")');
  const next = body['@odata.nextLink'];
  if (next !== undefined && next !== null && typeof next !== 'string')
    throw new ResoError('The MLS answered a next link that is not text');
  if (!next) return { records: body.value, nextLink: null };
  if (new URL(next, url).origin !== origin)
    throw new ResoError('The MLS sent a next link to another server; not followed');
  // Followed as given; only a relative link is resolved against the page it came from.
  const nextLink = /^https?:\/\//i.test(next) ? next : new URL(next, url).toString();
  return { records: body.value, nextLink };
}

export function createResoClient(opts: ResoClientOptions) {
  const sleep = opts.sleep ?? realSleep;
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const maxWait = opts.maxRetryAfterMs ?? 120_000;
  const origin = new URL(opts.baseUrl).origin;
  let token: { value: string; expiresAt: number } | null = null;

  async function fetchToken(): Promise<string> {
    const res = await send(
      'The token request',
      opts.tokenUrl,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: opts.clientId,
          client_secret: opts.clientSecret,
        }),
      },
      timeoutMs,
    );
    if (!res.ok)
      throw new ResoError(`The token request was refused (${await errorText(res)})`, res.status);
    const body = (await res.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new ResoError('The token answer held no access_token');
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    // Renewed a little before it lapses, so a page is not asked with a token about to expire.
    const margin = Math.min(EXPIRY_MARGIN_MS, (seconds * 1000) / 2);
    token = { value: body.access_token, expiresAt: now() + seconds * 1000 - margin };
    return token.value;
  }

  const bearer = async () => (token && token.expiresAt > now() ? token.value : fetchToken());

  /** One GET: a new token once after a 401, Retry-After waited after a 429. */
  async function get(url: string): Promise<Response> {
    let renewed = false;
    for (let throttled = 0; ; ) {
      const headers = { authorization: `Bearer ${await bearer()}`, accept: 'application/json' };
      const res = await send('The MLS request', url, { headers }, timeoutMs);
      if (res.status === 401 && !renewed) {
        renewed = true;
        token = null;
        await res.body?.cancel();
        continue;
      }
      if (res.status === 429 && throttled < MAX_THROTTLED) {
        throttled++;
        await res.body?.cancel();
        await sleep(Math.min(maxWait, retryAfterMs(res.headers.get('retry-after'), now())));
        continue;
      }
      if (!res.ok) throw new ResoError(`The MLS answered ${await errorText(res)}`, res.status);
      return res;
    }
  }

  return {
    firstPageUrl: (q: PropertyQuery) => propertyQueryUrl(opts.baseUrl, q),

    /** One page; the next link only when it is on the MLS's own origin (our token goes there). */
    async page(url: string): Promise<ResoPage> {
      const res = await get(url);
      return readPage(await res.json().catch(() => null), url, origin);
    },
  };
}
export type ResoClient = ReturnType<typeof createResoClient>;
