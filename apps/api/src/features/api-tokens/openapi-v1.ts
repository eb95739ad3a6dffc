import {
  API_SCOPE_AREA_LABELS,
  API_SCOPES,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_RATE_LIMIT,
  API_VERSION,
  PAGE_LIMIT_MAX,
} from '@lantern/contracts';
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

/** The headers every answer carries, defined once in the document's components. */
function headerDefinitions() {
  return {
    'API-Version': {
      description: `The API version that answered (\`${API_VERSION}\`).`,
      schema: { type: 'string', example: API_VERSION },
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

/** The 403 a token without the operation's scope gets. */
function forbiddenResponse(headers: Record<string, unknown>, scopes: readonly string[]) {
  return {
    headers,
    description:
      'The token lacks the scope this operation needs (the answer names it), or its owner may not do this.',
    content: {
      'application/json': {
        schema: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string' },
            scope: {
              type: 'string',
              enum: [...API_SCOPES],
              description: 'The scope the token lacks (absent when the owner may not).',
            },
          },
        },
        example: {
          message: `This token lacks the scope ${scopes[0] ?? 'properties:read'} that this request needs.`,
          scope: scopes[0] ?? 'properties:read',
        },
      },
    },
  };
}

/** One operation as /api/v1 documents it: its scope, paging, and the headers on every answer. */
function publicOperation(
  operation: Record<string, unknown>,
  route: PublicRoute,
  headers: Record<string, unknown>,
) {
  const scopes = route.scope === 'any' ? [] : [route.scope];
  const responses = Object.fromEntries(
    Object.entries((operation.responses ?? {}) as Record<string, Record<string, unknown>>).map(
      ([status, response]) => [
        status,
        { ...response, headers: { ...headers, ...(response.headers as object) } },
      ],
    ),
  );
  const parameters = [...((operation.parameters as unknown[]) ?? [])];
  if (route.listKey) parameters.push(...pageParameters());
  return {
    ...operation,
    parameters,
    responses: {
      ...responses,
      403: forbiddenResponse(headers, scopes),
      429: {
        headers,
        description: 'The token used up its rate-limit window; see `Retry-After`.',
      },
    },
    security: [{ bearerAuth: scopes }, { cookieAuth: [] }],
    'x-scope': route.scope,
  };
}

/** The document's description: how to authenticate, the scopes, limits and paging. */
function apiDescription(siteName: string) {
  const scopeList = Object.entries(API_SCOPE_AREA_LABELS)
    .map(([area, label]) => `- \`${area}:read\`, \`${area}:write\`: ${label}`)
    .join('\n');
  return [
    `The public ${siteName} API. Create a personal access token in Account Settings → API tokens and send it as \`Authorization: Bearer <token>\`; a token acts as you, within its scopes, for up to ${API_TOKEN_MAX_DAYS} days. See docs/api.md "Start in five minutes".`,
    '',
    `Scopes (a write scope also reads its area; staff and vendor scopes only for staff and vendors):\n${scopeList}`,
    '',
    `Each token may make ${API_TOKEN_RATE_LIMIT.max} requests per ${API_TOKEN_RATE_LIMIT.windowSeconds} seconds (\`RateLimit-*\` headers, 429 with \`Retry-After\` beyond). Lists are paged by cursor (\`limit\`, \`cursor\`, \`Link: rel="next"\`). Every answer carries \`API-Version: ${API_VERSION}\`; breaking changes come only in a new version.`,
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
 * the routes /api/v1 reaches, at their /api/v1 paths, each with the scope it needs as its
 * Bearer security requirement; lists with their `limit` and `cursor` parameters and `Link`
 * header; every answer with `API-Version` and the `RateLimit-*` headers.
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
    Object.keys(definitions).map((name) => [name, { $ref: `#/components/headers/${name}` }]),
  );
  for (const route of routes) {
    const path = toOpenApiPath(route.url);
    const operation = full.paths[path]?.[route.method.toLowerCase()];
    if (!operation) continue;
    const publicPath = `/api/${API_VERSION}${path.slice('/api'.length)}`;
    paths[publicPath] ??= {};
    paths[publicPath][route.method.toLowerCase()] = publicOperation(operation, route, headers);
  }
  return {
    ...full,
    info: {
      ...full.info,
      title: `${siteName} API`,
      version: API_VERSION,
      description: apiDescription(siteName),
    },
    paths,
    components: {
      ...full.components,
      headers: definitions,
      securitySchemes: securitySchemes(),
    },
  };
}
