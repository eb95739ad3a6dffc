/**
 * The one error shape every endpoint answers with (docs/architecture/request-path.md "HTTP conventions"). Contracts'
 * ZErrorResponseSchema is the server's schema of it and is checked against this type.
 */
export interface ErrorResponse {
  message: string;
  errorBag?: string;
  errors?: Record<string, string[]>;
  retryAfter?: number;
  display_error?: string;
  /** A 403 to an API token: the scope the request needs (issue 25). */
  scope?: string;
}

type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isInteger: Check = (v) => Number.isInteger(v);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isFieldErrors: Check = (v) =>
  isRecord(v) && Object.values(v).every((list) => Array.isArray(list) && list.every(isString));

const OPTIONAL: Record<Exclude<keyof ErrorResponse, 'message'>, Check> = {
  errorBag: isString,
  errors: isFieldErrors,
  retryAfter: isInteger,
  display_error: isString,
  scope: isString,
};

/**
 * An answer's body read as the error shape, or undefined when it is not one. Like the schema it
 * keeps only the known keys; reading it needs no zod, so every front end can afford it.
 */
export function readErrorResponse(raw: unknown): ErrorResponse | undefined {
  if (!isRecord(raw) || !isString(raw.message)) return undefined;
  const out: Record<string, unknown> = { message: raw.message };
  for (const [key, check] of Object.entries(OPTIONAL)) {
    const value = raw[key];
    if (value === undefined) continue;
    if (!check(value)) return undefined;
    out[key] = value;
  }
  return out as unknown as ErrorResponse;
}
