import { assertNoUnitOfWork } from '@lantern/db';
import { JOB_FAILURE_HINTS, type JobFailureHints } from '../jobs/runner.ts';

/**
 * HubSpot's CRM REST API (v3 objects), the one CRM we push to (issue 20;
 * docs/decisions/027-crm-sync.md). Four calls, plain fetch with a private app's bearer token:
 *
 * - `PATCH /crm/v3/objects/contacts/{id}` and `PATCH /crm/v3/objects/deals/{id}`: update a record
 *   we created before (404 when someone deleted it in HubSpot);
 * - `POST /crm/v3/objects/contacts/batch/upsert` with one input identified by `email`: create
 *   the contact or update the one HubSpot already has for that address;
 * - `POST /crm/v3/objects/deals` with an association to the contact (HubSpot-defined type 3,
 *   deal to contact).
 *
 * Failures answer `{status: "error", message, correlationId, category}` (a 429 has `errorType:
 * "RATE_LIMIT"` and `policyName` instead of a category). The token travels only in the
 * Authorization header, and no error raised here carries it.
 */

/** Property values as HubSpot takes them: strings (numbers and dates written as text). */
export type CrmProperties = Record<string, string>;

export interface CrmObject {
  id: string;
  properties: Record<string, string | null>;
}

export interface CrmClient {
  readonly name: 'HubSpot';
  /** Update a contact by HubSpot's id; null when HubSpot has no such contact any more. */
  updateContact(id: string, properties: CrmProperties): Promise<CrmObject | null>;
  /** Create the contact with this email, or update the one HubSpot has. */
  upsertContactByEmail(email: string, properties: CrmProperties): Promise<CrmObject>;
  /** Update a deal by HubSpot's id; null when HubSpot has no such deal any more. */
  updateDeal(id: string, properties: CrmProperties): Promise<CrmObject | null>;
  /** Create a deal associated with this contact. */
  createDeal(properties: CrmProperties, contactId: string): Promise<CrmObject>;
}

export interface HubSpotSettings {
  token: string;
  baseUrl: string;
  timeoutMs: number;
}

/** HubSpot-defined association type of a deal to its contact. */
export const DEAL_TO_CONTACT = 3;

/**
 * HubSpot refused a push or could not be reached. `status` is HubSpot's HTTP status (null when
 * no answer came); `permanent` says the same request would be refused again (invalid data, a
 * conflict), so the job is not retried; `retryAfterMs` is HubSpot's Retry-After on a 429.
 */
export class CrmError extends Error {
  readonly status: number | null;
  readonly category: string | undefined;
  readonly correlationId: string | undefined;
  readonly permanent: boolean;
  readonly retryAfterMs: number | undefined;
  /** HubSpot's own words, without our prefix: what staff read on the errors page. */
  readonly detail: string;
  get [JOB_FAILURE_HINTS](): JobFailureHints {
    return { permanent: this.permanent, retryAfterMs: this.retryAfterMs };
  }
  constructor(
    detail: string,
    opts: {
      status: number | null;
      category?: string | undefined;
      correlationId?: string | undefined;
      retryAfterMs?: number | undefined;
      permanent?: boolean;
    },
  ) {
    super(opts.status === null ? detail : `HubSpot answered ${opts.status}: ${detail}`);
    this.name = 'CrmError';
    this.detail = detail;
    this.status = opts.status;
    this.category = opts.category;
    this.correlationId = opts.correlationId;
    this.retryAfterMs = opts.retryAfterMs;
    this.permanent = opts.permanent ?? (opts.status !== null && PERMANENT.has(opts.status));
  }
}

/** Invalid data and conflicts fail the same way every time; everything else may pass later. */
const PERMANENT = new Set([400, 409, 422]);
const MAX_DETAIL = 1000;

interface HubSpotErrorBody {
  message?: unknown;
  category?: unknown;
  correlationId?: unknown;
  errors?: Array<{ message?: unknown; category?: unknown }>;
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** Where the client calls and how it authenticates, made once per client. */
interface Connection {
  base: string;
  headers: Record<string, string>;
  timeoutMs: number;
}

/** The request never got an answer: timed out or unreachable. */
function unreachable(err: unknown, timeoutMs: number): CrmError {
  const timedOut = err instanceof Error && err.name === 'TimeoutError';
  const cause = (err as { cause?: { code?: unknown } }).cause?.code;
  return new CrmError(
    timedOut
      ? `HubSpot did not answer within ${Math.round(timeoutMs / 1000)} s.`
      : `HubSpot could not be reached${typeof cause === 'string' ? ` (${cause})` : ''}.`,
    { status: null },
  );
}

/** A non-2xx answer as a CrmError, with HubSpot's message, category and Retry-After. */
function refusal(res: Response, parsed: unknown): CrmError {
  const error = (parsed ?? {}) as HubSpotErrorBody;
  const detail =
    text(error.message) ??
    text(error.errors?.[0]?.message) ??
    `${res.statusText || 'Error'} (no message from HubSpot)`;
  return new CrmError(detail.slice(0, MAX_DETAIL), {
    status: res.status,
    category: text(error.category),
    correlationId: text(error.correlationId),
    retryAfterMs: retryAfterMs(res.headers.get('retry-after')),
  });
}

/** One call; the parsed body of a 2xx, null for a 404 when `missingIsNull`, else a CrmError. */
async function call(
  conn: Connection,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
  missingIsNull = false,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`${conn.base}${path}`, {
      method,
      headers: conn.headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(conn.timeoutMs),
    });
  } catch (err) {
    throw unreachable(err, conn.timeoutMs);
  }
  const raw = await res.text();
  let parsed: unknown;
  try {
    parsed = raw ? JSON.parse(raw) : {};
  } catch {
    parsed = undefined;
  }
  if (res.ok) {
    if (parsed === undefined)
      throw new CrmError('HubSpot answered with something other than JSON.', {
        status: res.status,
      });
    return parsed;
  }
  if (res.status === 404 && missingIsNull) return null;
  throw refusal(res, parsed);
}

const toObject = (value: unknown): CrmObject => {
  const o = value as { id?: unknown; properties?: unknown };
  if (typeof o?.id !== 'string' && typeof o?.id !== 'number')
    throw new CrmError('HubSpot answered without a record id.', { status: 200 });
  return {
    id: String(o.id),
    properties: (o.properties as Record<string, string | null> | undefined) ?? {},
  };
};

export function createHubSpotClient(settings: HubSpotSettings): CrmClient {
  const conn: Connection = {
    base: settings.baseUrl.replace(/\/$/, ''),
    headers: {
      authorization: `Bearer ${settings.token}`,
      'content-type': 'application/json',
      accept: 'application/json',
    },
    timeoutMs: settings.timeoutMs,
  };

  async function update(type: 'contacts' | 'deals', id: string, properties: CrmProperties) {
    const answer = await call(
      conn,
      'PATCH',
      `/crm/v3/objects/${type}/${encodeURIComponent(id)}`,
      { properties },
      true,
    );
    return answer === null ? null : toObject(answer);
  }

  return {
    name: 'HubSpot',
    updateContact: (id, properties) => update('contacts', id, properties),
    updateDeal: (id, properties) => update('deals', id, properties),

    async upsertContactByEmail(email, properties) {
      assertNoUnitOfWork('HubSpot');
      const answer = (await call(conn, 'POST', '/crm/v3/objects/contacts/batch/upsert', {
        inputs: [{ idProperty: 'email', id: email, properties: { ...properties, email } }],
      })) as { results?: unknown[]; errors?: HubSpotErrorBody[] };
      const [first] = answer.results ?? [];
      if (first) return toObject(first);
      // 207 Multi-Status: the batch went through, our one input did not; the same input
      // would be refused again.
      const [error] = answer.errors ?? [];
      throw new CrmError(
        (text(error?.message) ?? 'HubSpot upserted no contact.').slice(0, MAX_DETAIL),
        { status: 207, category: text(error?.category), permanent: true },
      );
    },

    async createDeal(properties, contactId) {
      assertNoUnitOfWork('HubSpot');
      return toObject(
        await call(conn, 'POST', '/crm/v3/objects/deals', {
          properties,
          associations: [
            {
              to: { id: contactId },
              types: [
                { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: DEAL_TO_CONTACT },
              ],
            },
          ],
        }),
      );
    },
  };
}
