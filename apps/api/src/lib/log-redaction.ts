import type { FastifyRequest } from 'fastify';

/**
 * What keeps secrets out of the server log (issue 12): request URLs lose the values of
 * token-like query parameters and the token segment of link paths, and log objects lose fields
 * named like secrets. Tokens travel in URL fragments and request bodies where a flow allows,
 * so this is the net under the older links still in people's inboxes.
 */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose values are secrets: our links' `token`, OAuth's `code`, `state` and
 * `nonce` (the social callback page), and anything named like a token, secret or key — also
 * names we never use but that often carry credentials in others' links (issue 41). Names are
 * compared in lower case; the request itself keeps them (only its log line changes).
 */
const SECRET_PARAMS = new Set([
  'token',
  'apikey',
  'api_key',
  'jwt',
  'session',
  'auth',
  'code',
  'state',
  'nonce',
  'pin',
  'password',
  'secret',
  'signature',
  'sig',
  'key',
  'credential',
  'assertion',
]);
const SECRET_SUFFIX = /[_-](token|secret|key|code|state)$/;
export const isSecretParam = (name: string) => {
  const lower = name.toLowerCase();
  return SECRET_PARAMS.has(lower) || SECRET_SUFFIX.test(lower);
};

/**
 * Paths whose last segment is a secret: the emailed password-reset link's older form, and a
 * portal's feed address (/feeds/{token}.xml, decision 098).
 */
const SECRET_PATH = [/^(\/password\/reset\/)[^/?#]+/, /^(\/feeds\/)[^/?#]+/];

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  for (const pattern of SECRET_PATH) path = path.replace(pattern, `$1${REDACTED}`);
  if (q === -1) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = safeDecode(pair.slice(0, eq));
      return isSecretParam(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return s;
  }
}

/** The request as it appears in log lines: no headers (cookies), no body, a redacted URL. */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * pino `redact` paths: fields named like secrets anywhere a log call might put them (one and two
 * levels down), and the headers that carry credentials.
 */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'password_confirmation',
  'token',
  'secret',
  'pin',
  'id_token',
  'credential',
  'authorization',
  'cookie',
  'recoveryCodes',
];
export const redactPaths = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
  ...SECRET_FIELDS.map((f) => `*.*.${f}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/** Error fields worth a log line; anything else (a query's parameters, a row's detail) stays out. */
const ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'routine',
] as const;

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  query?: string;
  cause?: SerializedError;
  [field: string]: unknown;
}

/**
 * Errors as they appear in log lines. A failed query keeps its SQL text (placeholders only) but
 * never its parameters — they are what a user typed — nor the database's `detail`, which repeats
 * row values.
 */
export function errorSerializer(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const e = error as Error & Record<string, unknown>;
  const out: SerializedError = {
    type: e.constructor?.name ?? e.name,
    message: e.message.replace(/\nparams: [\s\S]*$/, '\nparams: [not logged]'),
    stack: (e.stack ?? '').replace(/\nparams: [\s\S]*?(\n\s+at |$)/, '$1'),
  };
  if (typeof e.query === 'string') out.query = e.query;
  for (const field of ERROR_FIELDS) if (e[field] !== undefined) out[field] = e[field];
  if (e.cause !== undefined && depth < 3) out.cause = errorSerializer(e.cause, depth + 1);
  return out;
}
