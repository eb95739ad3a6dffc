import type { IncomingMessage } from 'node:http';
import {
  API_PROBLEM_CODES,
  API_VERSION,
  IDEMPOTENCY_MESSAGES,
  MESSAGES,
  PROBLEM_CONTENT_TYPE,
  PROBLEM_TEXTS,
  problemType,
  type TApiProblemCode,
  type TProblem,
} from '@lantern/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { isV1 } from '../../lib/api-version.ts';

/**
 * The public API's errors (issue 48; docs/decisions/092-api-problem-details.md). Every route
 * answers errors in the browser's `{message, errors}` shape; under /api/v1 this turns each into
 * RFC 9457 problem details on its way out, so no route has two ways to fail. It also answers
 * what the browser's API leaves to a 404 or a 422: a wrong method (405 with `Allow`), a body that
 * is not JSON (415) and fields the operation does not know (422 naming them).
 */
export function problemDetails(app: FastifyInstance, origin: string, methods: MethodIndex) {
  app.addHook('onRequest', async (request, reply) => {
    if (!isV1(request.raw) || !request.is404) return;
    const allow = methods.allowed(request.url);
    if (allow.length === 0) return;
    reply.header('allow', allow.join(', '));
    return reply.code(405).send({
      message: PROBLEM_TEXTS.methodNotAllowed(request.method, allow),
      code: 'method_not_allowed',
    });
  });
  app.addHook('preValidation', async (request, reply) => {
    if (!isV1(request.raw)) return;
    return refuseBody(request, reply);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isV1(request.raw) || reply.statusCode < 400) return payload;
    const body = parseJson(payload);
    if (!body) return payload;
    if (reply.statusCode === 401 && !reply.hasHeader('www-authenticate')) {
      reply.header('www-authenticate', 'Bearer realm="api"');
    }
    reply.header('content-type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`);
    return JSON.stringify(toProblem(body, reply.statusCode, origin));
  });
}

/**
 * A URL under /api/v1 that cannot be decoded (a lone surrogate, a parameter over the router's
 * length) is answered before any hook (lib/early-answers.ts): this gives it the problem shape
 * and version header every other v1 error has. Undefined for any other URL.
 */
export function earlyProblem(origin: string) {
  return (raw: IncomingMessage, reply: FastifyReply, body: { message: string }) => {
    if (!isV1(raw)) return undefined;
    reply.header('api-version', API_VERSION);
    reply.header('content-type', `${PROBLEM_CONTENT_TYPE}; charset=utf-8`);
    return JSON.stringify(toProblem(body, 400, origin));
  };
}

const METHODS = ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'] as const;
export type MethodIndex = ReturnType<typeof methodIndex>;

/** The methods each public path answers, for a 405's `Allow`: find-my-way, as Fastify routes. */
export function methodIndex() {
  const router = FindMyWay();
  return {
    add(method: string, url: string) {
      const known = METHODS.find((m) => m === method);
      if (known && !router.hasRoute(known, url)) router.on(known, url, () => {});
    },
    allowed(url: string): string[] {
      const path = url.split('?', 1)[0] ?? url;
      const allow = METHODS.filter((m) => router.find(m, path) !== null);
      return allow.includes('GET') ? [...allow, 'HEAD'].sort() : allow;
    },
  };
}

/** A 415 for a body that is not JSON, and a 422 naming fields the operation does not know. */
function refuseBody(request: FastifyRequest, reply: FastifyReply) {
  const schema = request.routeOptions.schema?.body as ZodLike | undefined;
  if (!schema || request.body === undefined) return;
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !type.endsWith('+json')) {
    return reply.code(415).send({
      message: PROBLEM_TEXTS.unsupportedMediaType(type),
      code: 'unsupported_media_type',
    });
  }
  const unknown = unknownFields(schema, request.body);
  if (unknown.length === 0) return;
  return reply.code(422).send({
    message: PROBLEM_TEXTS.unknownFields(unknown),
    code: 'unknown_field',
    errors: Object.fromEntries(unknown.map((name) => [name, [PROBLEM_TEXTS.unknownField]])),
  });
}

interface ZodLike {
  shape?: Record<string, unknown>;
  _zod?: { def?: { catchall?: unknown } };
}

/** Top-level fields of a JSON object the operation's (strict) object schema does not name. */
function unknownFields(schema: ZodLike, body: unknown): string[] {
  const shape = schema.shape;
  if (!shape || schema._zod?.def?.catchall !== undefined) return [];
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.keys(body).filter((key) => !Object.hasOwn(shape, key));
}

function parseJson(payload: unknown): Record<string, unknown> | undefined {
  if (typeof payload !== 'string' || !payload.startsWith('{')) return undefined;
  try {
    const body = JSON.parse(payload) as unknown;
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The browser's error shape as problem details; one already converted (a replay) stays as is. */
export function toProblem(body: Record<string, unknown>, status: number, origin: string): TProblem {
  const { message, code: given, errorBag: _bag, display_error: _display, ...extra } = body;
  if (typeof body.type === 'string' && typeof body.code === 'string') return body as TProblem;
  const code = isCode(given) ? given : codeOf(status, body);
  const detail = typeof message === 'string' ? message : API_PROBLEM_CODES[code].title;
  return {
    type: new URL(problemType(code), origin).href,
    title: API_PROBLEM_CODES[code].title,
    status,
    detail,
    // v1 answered `{message}` before: a client written then still finds it (decision 092).
    message: detail,
    code,
    ...extra,
  };
}

const isCode = (value: unknown): value is TApiProblemCode =>
  typeof value === 'string' && Object.hasOwn(API_PROBLEM_CODES, value);

const BY_STATUS: Record<number, TApiProblemCode> = {
  400: 'bad_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  423: 'account_locked',
  429: 'rate_limited',
  503: 'service_unavailable',
};

/** The code of an error the browser's API answered without one. */
function codeOf(status: number, body: Record<string, unknown>): TApiProblemCode {
  if (status === 400 && body.message === MESSAGES.malformedJson) return 'malformed_json';
  if (status === 403 && typeof body.scope === 'string') return 'insufficient_scope';
  if (status === 422 && body.message === IDEMPOTENCY_MESSAGES.keyReused)
    return 'idempotency_key_reused';
  if (status === 400 && body.message === IDEMPOTENCY_MESSAGES.keyInvalid)
    return 'invalid_idempotency_key';
  if (status === 409 && body.message === IDEMPOTENCY_MESSAGES.inProgress)
    return 'request_in_progress';
  return BY_STATUS[status] ?? (status >= 500 ? 'server_error' : 'validation_failed');
}
