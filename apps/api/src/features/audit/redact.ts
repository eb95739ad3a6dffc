import { isSecretParam } from '../../lib/log-redaction.ts';

/**
 * What the activity log must never hold (issue 15): passwords, secrets, tokens, one-time codes
 * and the like, wherever they appear in a request body or a before/after record.
 */
const SECRET_KEY =
  /pass(word|phrase)?|secret|token|credential|verifier|signature|otp|recovery|api_?key|authorization|cookie|^code$|^pin$|code_?hash|^codes$/i;

export const REDACTED = '[redacted]';
/** Longest string kept in an entry; longer text is cut (a message body, a pasted document). */
const MAX_STRING = 2000;
const MAX_DEPTH = 6;
const MAX_KEYS = 100;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** A deep copy with secret-named fields replaced and long values cut; safe to store. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string')
    return value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `[${value.byteLength} bytes]`;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_KEYS).map((v) => redact(v, depth + 1));
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>).slice(0, MAX_KEYS)) {
      out[key] = isSecretKey(key) ? REDACTED : redact(v, depth + 1);
    }
    return out;
  }
  return String(value);
}

/**
 * The URL as requested, with path segments that fill a secret-named route parameter
 * (`/password/reset/:token`) and secret-named query values replaced.
 */
export function redactUrl(url: string, routeUrl: string | undefined): string {
  const [path = '', query] = url.split('?', 2);
  let safePath = path;
  if (routeUrl) {
    const pattern = routeUrl.split('/');
    const parts = path.split('/');
    if (pattern.length === parts.length) {
      safePath = parts
        .map((part, i) => {
          const p = pattern[i] ?? '';
          return p.startsWith(':') && isSecretKey(p.slice(1)) ? REDACTED : part;
        })
        .join('/');
    }
  }
  if (!query) return safePath;
  const params = new URLSearchParams(query);
  // Query names as the server log redacts them too (`key`, `jwt`, `session`, … ; issue 41).
  for (const key of [...params.keys()])
    if (isSecretKey(key) || isSecretParam(key)) params.set(key, REDACTED);
  return `${safePath}?${params.toString()}`;
}
