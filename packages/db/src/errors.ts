/**
 * Whether an error means the database could not be reached (down, restarting, a connection cut
 * or refused), as opposed to a fault in the query: such a request may succeed if tried again, so
 * it answers 503 rather than 500. Drivers' errors are often wrapped (drizzle's `cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)))
      return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** Class 08 (connection exception), 57P01–57P03 (shutdown, cannot connect now), 53300 (too many connections). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
/** node-postgres's own wording for connections it lost or could not open in time. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/** The SQLSTATE of a driver error, looking through wrappers (drizzle's `cause`). */
function sqlState(error: unknown): { code: string; constraint?: string } | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return typeof constraint === 'string' ? { code, constraint } : { code };
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Whether an insert or update broke a unique constraint (23505), optionally a named one; a
 * driver that does not name the constraint (PGlite at times) counts as that one.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const state = sqlState(error);
  return (
    state?.code === '23505' && (!constraint || !state.constraint || state.constraint === constraint)
  );
}
