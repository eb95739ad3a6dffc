import {
  API_CHANGELOG_PAGE,
  API_PROBLEM_CODES,
  API_PROBLEMS_PAGE,
  API_SCOPE_AREA_LABELS,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_RATE_LIMIT,
  API_VERSION,
  PROBLEM_CONTENT_TYPE,
  ZProblemSchema,
} from '@lantern/contracts';
import { publicPathOf } from '../../lib/api-version.ts';
import {
  asProblems,
  fileResponses,
  headerDefinitions,
  headerRef,
  idempotencyKeyParameter,
  namedSchema,
  occasionalHeaders,
  openObjects,
  pageParameters,
  referencedSchemas,
  sharedResponses,
  withOccasionalHeaders,
} from './openapi-v1-components.ts';
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
