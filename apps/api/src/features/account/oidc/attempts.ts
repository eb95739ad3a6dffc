import { createHash, randomBytes } from 'node:crypto';
import { APPLE_STATE_LENGTH } from '@lantern/contracts';

/** How long a person has to finish the provider's popup. */
export const ATTEMPT_TTL_MS = 10 * 60_000;
/** The httpOnly cookie that finds the attempt again; scoped to /account, where its routes are. */
export const ATTEMPT_COOKIE = 'lantern_oauth';
export const ATTEMPT_COOKIE_PATH = '/account';

/** 256 random bits for the cookie; the table keeps only its digest. */
export function newAttemptToken(): string {
  return randomBytes(32).toString('base64url');
}

export function attemptId(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The random 21-character state of spec section 5 (126 bits, URL-safe). */
export function newState(): string {
  return randomBytes(16).toString('base64url').slice(0, APPLE_STATE_LENGTH);
}

export function newNonce(): string {
  return randomBytes(32).toString('base64url');
}
