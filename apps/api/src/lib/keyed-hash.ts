import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one keyed hash (issue 13): HMAC-SHA256 of `${purpose}:${value}` under `secret`, base64url.
 * Codes and tokens are stored and compared as these, never as themselves; the purpose keeps a
 * digest made for one use from being accepted for another.
 */
export function keyedHash(secret: string, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url');
}

/** Whether two secrets (digests, signatures, states) are equal, in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A self-contained signed token `payload.signature`, the payload a JSON array of claims. */
export function signClaims(secret: string, purpose: string, claims: readonly unknown[]): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${keyedHash(secret, purpose, payload)}`;
}

/** The claims of a token `signClaims` made with the same secret and purpose; null for anything else. */
export function readSigned(
  secret: string,
  purpose: string,
  token: string,
  maxLength = 1000,
): unknown[] | null {
  if (token.length > maxLength) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  if (!sameSecret(keyedHash(secret, purpose, payload), signature)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    return Array.isArray(claims) ? claims : null;
  } catch {
    return null;
  }
}
