import { z } from 'zod';

/**
 * Errors of the public API as RFC 9457 problem details (issue 48; docs/decisions/092): every
 * /api/v1 answer of 400 or more is `application/problem+json` with a stable `code` a program can
 * branch on. The browser's routes keep `{message, errors}`, which the forms read.
 *
 * The codes are part of the API: one is never renamed or given a new meaning; new ones may come.
 */
export const API_PROBLEM_CODES = {
  bad_request: {
    status: 400,
    title: 'Bad request',
    todo: 'The request could not be read. Check its headers and address.',
  },
  malformed_json: {
    status: 400,
    title: 'Malformed JSON',
    todo: 'The body is not valid JSON. Serialise it with a JSON library rather than by hand.',
  },
  invalid_idempotency_key: {
    status: 400,
    title: 'Invalid idempotency key',
    todo: 'The `Idempotency-Key` header must be 1 to 255 printable ASCII characters; a UUID is a good choice.',
  },
  unauthenticated: {
    status: 401,
    title: 'Authentication required',
    todo: 'Send a live token as `Authorization: Bearer <token>`. A revoked or expired token needs replacing in Account Settings.',
  },
  forbidden: {
    status: 403,
    title: 'Forbidden',
    todo: 'The token’s owner may not do this (another person’s resource, or a staff action).',
  },
  insufficient_scope: {
    status: 403,
    title: 'Insufficient scope',
    todo: 'The token lacks the scope named in `scope`. Create a token that has it.',
  },
  not_found: {
    status: 404,
    title: 'Not found',
    todo: 'No such address, or the resource is not yours. Check the hash or id.',
  },
  method_not_allowed: {
    status: 405,
    title: 'Method not allowed',
    todo: 'Use one of the methods the `Allow` header lists.',
  },
  conflict: {
    status: 409,
    title: 'Conflict',
    todo: 'The resource is not in a state that allows this. Read it again, then decide.',
  },
  request_in_progress: {
    status: 409,
    title: 'Request in progress',
    todo: 'The first request with this `Idempotency-Key` is still running. Retry the same request in a moment.',
  },
  gone: {
    status: 410,
    title: 'Gone',
    todo: 'The resource existed and was removed. Stop asking for it.',
  },
  payload_too_large: {
    status: 413,
    title: 'Payload too large',
    todo: 'The body is over the operation’s size limit. Send less, or a smaller file.',
  },
  unsupported_media_type: {
    status: 415,
    title: 'Unsupported media type',
    todo: 'Send the body as `application/json` with a matching `Content-Type`.',
  },
  validation_failed: {
    status: 422,
    title: 'Validation failed',
    todo: 'One or more fields are wrong; `errors` says which and why, in words you can show a person.',
  },
  invalid_query_parameter: {
    status: 422,
    title: 'Invalid query parameter',
    todo: 'A query parameter is wrong; `errors` names each (for lists, `limit` is 1–100 and `cursor` comes from the previous page).',
  },
  unknown_field: {
    status: 422,
    title: 'Unknown field',
    todo: 'The body has fields the operation does not take; `errors` names each. Check their spelling.',
  },
  idempotency_key_reused: {
    status: 422,
    title: 'Idempotency key reused',
    todo: 'This `Idempotency-Key` was used for a different request. Use a new key for each new request.',
  },
  account_locked: {
    status: 423,
    title: 'Account locked',
    todo: 'The token’s owner is locked. Contact us.',
  },
  rate_limited: {
    status: 429,
    title: 'Too many requests',
    todo: 'Wait the seconds `Retry-After` gives, then retry. The `RateLimit-*` headers show the window.',
  },
  server_error: {
    status: 500,
    title: 'Server error',
    todo: 'Our fault. Retry later with the same `Idempotency-Key`; it will not be done twice.',
  },
  service_unavailable: {
    status: 503,
    title: 'Service unavailable',
    todo: 'A short outage. Retry after `Retry-After` seconds with the same `Idempotency-Key`.',
  },
} as const satisfies Record<string, { status: number; title: string; todo: string }>;
export type TApiProblemCode = keyof typeof API_PROBLEM_CODES;

/** The site's page that explains the codes; a problem's `type` is its address and the code's anchor. */
export const API_PROBLEMS_PAGE = '/developers/api-errors';
export const problemType = (code: TApiProblemCode) => `${API_PROBLEMS_PAGE}#${code}`;

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/** The body of every /api/v1 error. More members may be added; a client ignores those it does not know. */
export const ZProblemSchema = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    /**
     * The same words as `detail`, as v1 answered errors before problem details: kept so a client
     * written then still reads them (v1 only gains fields). New code reads `detail`.
     */
    message: z
      .string()
      .meta({ deprecated: true, description: 'The same as `detail`; read `detail`.' }),
    code: z.enum(Object.keys(API_PROBLEM_CODES) as [TApiProblemCode, ...TApiProblemCode[]]),
    /** Per field (a body's field path, or a query parameter's name): what is wrong, in words. */
    errors: z.record(z.string(), z.array(z.string())).optional(),
    /** A 403 to an API token: the scope the request needs. */
    scope: z.string().optional(),
    /** A 429 or 503: seconds to wait, as the Retry-After header says. */
    retryAfter: z.number().int().optional(),
  })
  .meta({ id: 'Problem' });
export type TProblem = z.infer<typeof ZProblemSchema>;

/** Texts of the problems only the public API answers. */
export const PROBLEM_TEXTS = {
  methodNotAllowed: (method: string, allow: string[]) =>
    `${method} is not allowed here. This address accepts ${allow.join(', ')}.`,
  multipartExpected: 'Send the photos as multipart/form-data, one `files` part per photo.',
  unsupportedMediaType: (type: string) =>
    `Send the request body as application/json${type ? `, not ${type}` : ''}.`,
  unknownField:
    'This field is not part of the request. Check its spelling against the API reference.',
  unknownFields: (names: string[]) =>
    `The request has ${names.length === 1 ? 'a field' : 'fields'} the API does not know: ${names.join(', ')}.`,
  badLimit: 'limit must be a whole number from 1 to 100.',
  badCursor:
    'cursor is not one this list gave out, or it has expired. Start again from the first page.',
  badQuery: (names: string[]) =>
    `The query parameter${names.length === 1 ? '' : 's'} ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} not valid.`,
} as const;
