import {
  API_PROBLEM_CODES,
  API_TOKEN_RATE_LIMIT,
  API_VERSION,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_MAX,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  PAGE_LIMIT_MAX,
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TEXTS,
  problemType,
  type TApiProblemCode,
} from '@lantern/contracts';
import { z } from 'zod';
import type { PublicRoute } from './paging.ts';

/**
 * The parts of the public API's OpenAPI document (openapi-v1.ts) that every operation shares:
 * the headers each answer may carry, the paging and Idempotency-Key parameters, the problem
 * details and the shared responses, kept once in `components` and referenced.
 */

/** A route that declares no success answer sends a file: the bytes, or a redirect to them. */
export const fileResponses = () => ({
  200: {
    description: 'The file, with its own `Content-Type` and `Content-Disposition: attachment`.',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  },
  302: {
    description: 'The file is in object storage: `Location` is a short-lived address of it.',
    headers: { Location: { schema: { type: 'string', format: 'uri' } } },
  },
});

/** The headers every answer carries, defined once in the document's components. */
export function headerDefinitions() {
  return {
    'API-Version': {
      description: `The API version that answered (\`${API_VERSION}\`).`,
      schema: { type: 'string', example: API_VERSION },
    },
    'X-Request-Id': {
      description: "This request's id in our logs: quote it when you ask us about an answer.",
      schema: { type: 'string' },
    },
    'RateLimit-Limit': {
      description: 'Requests this token may make per window.',
      schema: { type: 'integer' },
    },
    'RateLimit-Remaining': {
      description: 'Requests left in the current window.',
      schema: { type: 'integer' },
    },
    'RateLimit-Reset': {
      description: 'Seconds until the window starts again.',
      schema: { type: 'integer' },
    },
    'RateLimit-Policy': {
      description: `The window: \`${API_TOKEN_RATE_LIMIT.max};w=${API_TOKEN_RATE_LIMIT.windowSeconds}\` (requests; seconds).`,
      schema: { type: 'string' },
    },
  };
}

/** Headers only some answers carry. */
export function occasionalHeaders() {
  return {
    'WWW-Authenticate': {
      description:
        'How to authenticate: `Bearer`, with `error="invalid_token"` for a token that is not valid.',
      schema: { type: 'string' },
    },
    'Retry-After': {
      description: 'Seconds to wait before trying again.',
      schema: { type: 'integer' },
    },
    'Next-Cursor': {
      description:
        'A list with more after this page: pass it back as `cursor`. Absent on the last page.',
      schema: { type: 'string' },
    },
    Link: {
      description: 'A list with more after this page: `<…>; rel="next"`, the next page\'s address.',
      schema: { type: 'string' },
    },
    [IDEMPOTENT_REPLAYED_HEADER]: {
      description: `\`true\` when this is the kept answer to an earlier request with the same \`${IDEMPOTENCY_HEADER}\`, not a second run.`,
      schema: { type: 'string', enum: ['true'] },
    },
  };
}

/** A list's paging parameters. */
export const pageParameters = () => [
  {
    name: 'limit',
    in: 'query',
    required: false,
    description: `Items per page (1–${PAGE_LIMIT_MAX}, default 50).`,
    schema: { type: 'integer', minimum: 1, maximum: PAGE_LIMIT_MAX },
  },
  {
    name: 'cursor',
    in: 'query',
    required: false,
    description:
      'The next page: the `Next-Cursor` header of the previous page (its `Link: <…>; rel="next"` has the whole URL). No header: that was the last page.',
    schema: { type: 'string' },
  },
];

export const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };
export const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** A schema with a `.meta({id})`, as the JSON Schema the document's components hold. */
export function namedSchema(schema: z.ZodType, id: string) {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
  const defs = json.$defs as Record<string, unknown> | undefined;
  if (!defs?.[id]) throw new Error(`schema ${id} has no .meta({ id: '${id}' })`);
  return defs[id];
}

/**
 * The named schemas (`.meta({ id })`) the v1 operations reach, directly or through another:
 * the full document also lists the browser's and each schema's input form, unused here.
 */
export function referencedSchemas(from: unknown, schemas: Record<string, unknown>) {
  const used = new Set<string>();
  const pending = [from];
  while (pending.length) {
    const text = JSON.stringify(pending.pop());
    for (const [, name] of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (!name || used.has(name) || !(name in schemas)) continue;
      used.add(name);
      pending.push(schemas[name]);
    }
  }
  // Named schemas are answers' (request bodies stay inline and closed): open them like the rest.
  return Object.fromEntries(
    Object.entries(schemas)
      .filter(([name]) => used.has(name))
      .map(([name, schema]) => [name, openObjects(schema)]),
  );
}

/** An error answer: problem details (RFC 9457), with an example of its code. */
export function problem(
  headers: Record<string, unknown>,
  description: string,
  code: TApiProblemCode,
  extra: Record<string, unknown> = {},
) {
  const { status, title } = API_PROBLEM_CODES[code];
  return {
    headers,
    description,
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: PROBLEM_REF,
        example: {
          type: problemType(code),
          title,
          status,
          detail: description,
          message: description,
          code,
          ...extra,
        },
      },
    },
  };
}

/** Every error an operation documents, as problem details instead of the browser's shape. */
export function asProblems(responses: Record<string, Record<string, unknown>>) {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if (Number(status) < 400 || !response.content) return [status, response];
      return [
        status,
        { ...response, content: { [PROBLEM_CONTENT_TYPE]: { schema: PROBLEM_REF } } },
      ];
    }),
  );
}

/** The errors every operation may answer, described once. */
export function sharedResponses(headers: Record<string, unknown>) {
  return {
    Unauthenticated: problem(
      { ...headers, 'WWW-Authenticate': headerRef('WWW-Authenticate') },
      'No token, or one that is unknown, expired or revoked.',
      'unauthenticated',
    ),
    InsufficientScope: problem(
      headers,
      'The token lacks the scope this operation needs (named in `scope`), or its owner may not do this.',
      'insufficient_scope',
      { scope: 'orders:read' },
    ),
    UnsupportedMediaType: problem(
      headers,
      'Send the request body as application/json.',
      'unsupported_media_type',
    ),
    InvalidQueryParameter: problem(
      headers,
      'A query parameter is not valid; `errors` names each.',
      'invalid_query_parameter',
      { errors: { limit: [PROBLEM_TEXTS.badLimit] } },
    ),
    BadRequest: problem(
      headers,
      'The request could not be read: an address that cannot be decoded, or a body that is not JSON.',
      'bad_request',
    ),
    InvalidRequest: problem(
      headers,
      'A parameter or field is not valid (`errors` names each), or an `Idempotency-Key` was used before for another request.',
      'validation_failed',
      { errors: { 'propertyAddress.city': ['City is required'] } },
    ),
    InvalidIdempotencyKey: problem(
      headers,
      IDEMPOTENCY_MESSAGES.keyInvalid,
      'invalid_idempotency_key',
    ),
    RequestInProgress: problem(
      { ...headers, 'Retry-After': headerRef('Retry-After') },
      IDEMPOTENCY_MESSAGES.inProgress,
      'request_in_progress',
    ),
    RateLimited: problem(
      { ...headers, 'Retry-After': headerRef('Retry-After') },
      'The token used up its rate-limit window; try again after `Retry-After` seconds.',
      'rate_limited',
      { retryAfter: 12 },
    ),
  };
}

/** A list's next-page headers on its success, and a POST's replay marker on its. */
export function withOccasionalHeaders(
  responses: Record<string, Record<string, unknown>>,
  route: PublicRoute,
) {
  const extra = {
    ...(route.listKey ? { 'Next-Cursor': headerRef('Next-Cursor'), Link: headerRef('Link') } : {}),
    ...(route.method === 'POST'
      ? { [IDEMPOTENT_REPLAYED_HEADER]: headerRef(IDEMPOTENT_REPLAYED_HEADER) }
      : {}),
  };
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => [
      status,
      Number(status) < 400
        ? { ...response, headers: { ...(response.headers as object), ...extra } }
        : response,
    ]),
  );
}

/** A POST's `Idempotency-Key` (decision 067): a retry with the same key is answered, not redone. */
export const idempotencyKeyParameter = () => ({
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description: `Any 1–${IDEMPOTENCY_KEY_MAX} printable ASCII characters (a UUID is a good choice). A retry with the same key and body within 24 hours gets the first answer again (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`) instead of doing the work twice; the same key with another body is a 422 (\`idempotency_key_reused\`); a retry while the first still runs a 409 (\`request_in_progress\`).`,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
});

/**
 * Answers may gain fields in v1 (a client must ignore those it does not know), so no response
 * schema closes its objects; request bodies stay closed, as the API refuses unknown fields.
 */
export function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openObjects(value)]),
  );
}
