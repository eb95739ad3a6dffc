import {
  API_CHANGELOG_PAGE,
  API_PROBLEM_CODES,
  API_PROBLEMS_PAGE,
  API_SCOPE_AREA_LABELS,
  API_TOKEN_MAX_DAYS,
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
  ZProblemSchema,
} from '@lantern/contracts';
import { z } from 'zod';
import { publicPathOf } from '../../lib/api-version.ts';
import type { PublicRoute } from './paging.ts';

export interface OpenApiDocument {
  openapi: string;
  info: Record<string, unknown>;
  servers?: unknown[];
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: Record<string, unknown>;
  [key: string]: unknown;
}

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const camel = (words: string[]) =>
  words
    .map((w, i) => (i === 0 ? w.toLowerCase() : `${w[0]?.toUpperCase() ?? ''}${w.slice(1)}`))
    .join('');

/**
 * An operation's id from its method and v1 path, so an SDK has a name for each call:
 * `GET /api/v1/dashboard/orders/{hash}` is `getDashboardOrdersByHash`. Stable while the path is.
 */
export function operationIdOf(method: string, publicPath: string): string {
  const words = [method];
  for (const segment of publicPath.split('/').slice(3)) {
    const param = /^\{(.+)\}$/.exec(segment)?.[1];
    const parts = (param ?? segment).split(/[^A-Za-z0-9]+/).filter(Boolean);
    words.push(...(param ? ['by', ...parts] : parts));
  }
  return camel(words);
}

/** A route that declares no success answer sends a file: the bytes, or a redirect to them. */
const fileResponses = () => ({
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
function headerDefinitions() {
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
function occasionalHeaders() {
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
const pageParameters = () => [
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

const PROBLEM_REF = { $ref: '#/components/schemas/Problem' };
const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** A schema with a `.meta({id})`, as the JSON Schema the document's components hold. */
function namedSchema(schema: z.ZodType, id: string) {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output' });
  const defs = json.$defs as Record<string, unknown> | undefined;
  if (!defs?.[id]) throw new Error(`schema ${id} has no .meta({ id: '${id}' })`);
  return defs[id];
}

/**
 * The named schemas (`.meta({ id })`) the v1 operations reach, directly or through another:
 * the full document also lists the browser's and each schema's input form, unused here.
 */
function referencedSchemas(from: unknown, schemas: Record<string, unknown>) {
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
function problem(
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
function asProblems(responses: Record<string, Record<string, unknown>>) {
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
function sharedResponses(headers: Record<string, unknown>) {
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
function withOccasionalHeaders(
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
const idempotencyKeyParameter = () => ({
  name: IDEMPOTENCY_HEADER,
  in: 'header',
  required: false,
  description: `Any 1–${IDEMPOTENCY_KEY_MAX} printable ASCII characters (a UUID is a good choice). A retry with the same key and body within 24 hours gets the first answer again (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`) instead of doing the work twice; the same key with another body is a 422 (\`idempotency_key_reused\`); a retry while the first still runs a 409 (\`request_in_progress\`).`,
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
});

/** What the operation needs and how it answers, after what the route says of itself. */
function operationDescription(operation: Record<string, unknown>, route: PublicRoute): string {
  const own = [operation.description, operation.summary].find((t) => typeof t === 'string');
  const scope =
    route.scope === 'any'
      ? 'Any token may call it.'
      : `The token needs the scope \`${route.scope}\`${route.scope.endsWith(':read') ? ` (or \`${route.scope.replace(':read', ':write')}\`)` : ''}.`;
  const paged = route.listKey
    ? ` The list \`${route.listKey}\` is paged: \`limit\` and \`cursor\`, and \`Link: rel="next"\` while there is more.`
    : '';
  return `${own ? `${String(own).replace(/\.?$/, '.')} ` : ''}${scope}${paged}`;
}

/**
 * Answers may gain fields in v1 (a client must ignore those it does not know), so no response
 * schema closes its objects; request bodies stay closed, as the API refuses unknown fields.
 */
function openObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(openObjects);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, openObjects(value)]),
  );
}

/** The tags the operations use, each declared once. */
function declaredTags(paths: OpenApiDocument['paths']) {
  const names = new Set<string>();
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const tag of (operation.tags as string[] | undefined) ?? []) names.add(tag);
    }
  }
  return [...names]
    .sort()
    .map((name) => ({ name, description: `Operations on ${name.replaceAll('-', ' ')}.` }));
}

/** One operation as /api/v1 documents it: its scope, paging, and the headers on every answer. */
function publicOperation(
  operation: Record<string, unknown>,
  route: PublicRoute,
  publicPath: string,
  headers: Record<string, unknown>,
) {
  const responses = Object.fromEntries(
    Object.entries((operation.responses ?? {}) as Record<string, Record<string, unknown>>).map(
      ([status, response]) => [
        status,
        { ...response, headers: { ...headers, ...(response.headers as object) } },
      ],
    ),
  );
  const post = route.method === 'POST';
  const parameters = [...((operation.parameters as unknown[]) ?? [])];
  if (route.listKey) parameters.push(...pageParameters());
  if (post) parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
  const sendsFile = !Object.keys(responses).some((status) => status.startsWith('2'));
  // What Fastify and the hooks answer before the handler: an address that cannot be decoded or
  // a body that is not JSON (400), a parameter, field or reused Idempotency-Key refused (422).
  const own = (operation.parameters as Array<{ in?: string }> | undefined) ?? [];
  const unreadable = own.some((p) => p.in === 'path') || Boolean(operation.requestBody);
  const refusable = own.length > 0 || Boolean(operation.requestBody) || post;
  const invalid = route.listKey ? ref('InvalidQueryParameter') : ref('InvalidRequest');
  return {
    ...operation,
    operationId: operation.operationId ?? operationIdOf(route.method, publicPath),
    parameters,
    responses: {
      ...(sendsFile ? fileResponses() : {}),
      ...(unreadable ? { 400: ref('BadRequest') } : {}),
      ...(post ? { 400: ref('InvalidIdempotencyKey'), 409: ref('RequestInProgress') } : {}),
      ...withOccasionalHeaders(asProblems(responses), route),
      401: ref('Unauthenticated'),
      403: ref('InsufficientScope'),
      ...(operation.requestBody ? { 415: ref('UnsupportedMediaType') } : {}),
      ...((route.listKey || refusable) && !responses[422] ? { 422: invalid } : {}),
      429: ref('RateLimited'),
    },
    description: operationDescription(operation, route),
    // The scope is in `x-scope` and the description: OpenAPI lists scopes only for OAuth.
    security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    'x-scope': route.scope,
  };
}

const problemList = () =>
  Object.entries(API_PROBLEM_CODES)
    .map(([code, { status, title }]) => `- \`${code}\` (${status}): ${title}`)
    .join('\n');

/** The five-minute start both documents open with (docs/api.md has it as a script). */
export const fiveMinuteStart = () => [
  '## Start in five minutes',
  '',
  '1. Sign in, open Account Settings → API tokens, and create a token with the scope `properties:read`. Copy it: it is shown once.',
  '2. Ask who the token acts as: `curl -H "Authorization: Bearer $TOKEN" $SITE/api/v1/user`.',
  '3. List your properties: `curl -i -H "Authorization: Bearer $TOKEN" "$SITE/api/v1/properties?limit=50"`; while the answer has a `Link: <…>; rel="next"` header, ask for that address too.',
  "4. Every operation of the public API, with the scope it needs, is in `/api/v1/openapi.json`. Each answer carries `API-Version` and `RateLimit-*` headers; a call outside the token's scopes answers 403 naming the scope it needs.",
  "5. To hear of changes instead of asking, add a webhook endpoint (Account Settings → Webhooks, or `POST /api/v1/webhook-endpoints`); the events and their signature are described under `webhooks` in the browser API's document.",
];

/** The document's description: how to authenticate, the scopes, limits, paging and errors. */
function apiDescription(siteName: string) {
  const scopeList = Object.entries(API_SCOPE_AREA_LABELS)
    .map(([area, label]) => `- \`${area}:read\`, \`${area}:write\`: ${label}`)
    .join('\n');
  return [
    `The public ${siteName} API. Create a personal access token in Account Settings → API tokens and send it as \`Authorization: Bearer <token>\`; a token acts as you, within its scopes, for up to ${API_TOKEN_MAX_DAYS} days.`,
    '',
    ...fiveMinuteStart(),
    '',
    `Scopes (a write scope also reads its area; staff and vendor scopes only for staff and vendors):\n${scopeList}`,
    '',
    `Each token may make ${API_TOKEN_RATE_LIMIT.max} requests per ${API_TOKEN_RATE_LIMIT.windowSeconds} seconds (\`RateLimit-*\` headers, 429 with \`Retry-After\` beyond). Lists are paged by cursor (\`limit\`, \`cursor\`, \`Link: rel="next"\`). Every answer carries \`API-Version: ${API_VERSION}\`; breaking changes come only in a new version.`,
    '',
    `Errors are problem details (RFC 9457, \`${PROBLEM_CONTENT_TYPE}\`): \`type\`, \`title\`, \`status\`, \`detail\` in words for a person, \`errors\` per field or query parameter, and a \`code\` for a program, which never changes meaning:\n${problemList()}`,
    '',
    `What each code means: [API errors](${API_PROBLEMS_PAGE}). What changed and when: [the API changelog](${API_CHANGELOG_PAGE}).`,
  ].join('\n');
}

const securitySchemes = () => ({
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal access token (`lnt_…`) from Account Settings → API tokens.',
  },
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: 'lantern_session',
    description:
      'The browser session; state-changing requests also need `X-Requested-With: XMLHttpRequest` and a same-origin `Origin`.',
  },
});

/**
 * The public API's OpenAPI document (issue 25; docs/decisions/052-public-api-and-tokens.md):
 * the routes /api/v1 reaches, at their /api/v1 paths, each with an operationId, the scope it
 * needs (`x-scope` and its description), its errors as problems and every header it may send;
 * lists with their `limit` and `cursor` parameters and `Link` header (decisions 092 and 093).
 */
export function publicDocument(
  full: OpenApiDocument,
  routes: readonly PublicRoute[],
  siteName: string,
): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const definitions = headerDefinitions();
  // Every answer carries them: one definition each, referenced from every response.
  const headers = Object.fromEntries(
    Object.keys(definitions).map((name) => [name, headerRef(name)]),
  );
  const ids = new Set<string>();
  const origin = (full.servers?.[0] as { url?: string } | undefined)?.url ?? '';
  for (const route of routes) {
    const path = toOpenApiPath(route.url);
    const operation = full.paths[path]?.[route.method.toLowerCase()];
    if (!operation) continue;
    const publicPath = publicPathOf(path);
    paths[publicPath] ??= {};
    const described = publicOperation(operation, route, publicPath, headers);
    if (ids.has(described.operationId as string)) {
      throw new Error(`operationId ${described.operationId} is given twice (${publicPath})`);
    }
    ids.add(described.operationId as string);
    described.responses = openObjects(described.responses) as typeof described.responses;
    paths[publicPath][route.method.toLowerCase()] = described;
  }
  return {
    ...full,
    info: {
      ...full.info,
      title: `${siteName} API`,
      version: API_VERSION,
      description: apiDescription(siteName),
      contact: { name: `${siteName} support`, url: `${origin}/company/contact` },
    },
    tags: declaredTags(paths),
    paths,
    components: {
      ...full.components,
      headers: { ...definitions, ...occasionalHeaders() },
      responses: sharedResponses(headers),
      parameters: { IdempotencyKey: idempotencyKeyParameter() },
      schemas: referencedSchemas(
        { paths, responses: sharedResponses(headers) },
        {
          ...(full.components?.schemas as Record<string, unknown>),
          Problem: namedSchema(ZProblemSchema, 'Problem'),
        },
      ),
      securitySchemes: securitySchemes(),
    },
  };
}
