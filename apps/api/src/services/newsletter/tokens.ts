import { createHmac, timingSafeEqual } from 'node:crypto';
import { NEWSLETTER_SOURCES, type TNewsletterSource } from '@lantern/contracts';

/** Confirmation links work for seven days. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;

export interface ConfirmClaims {
  email: string;
  source: TNewsletterSource;
  issuedAt: number;
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`newsletter-confirm:${payload}`).digest('base64url');

/** `payload.signature`: the payload names the address, where it came from and when. */
export function createConfirmToken(secret: string, claims: ConfirmClaims): string {
  const payload = Buffer.from(
    JSON.stringify([claims.email, claims.source, claims.issuedAt]),
  ).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function verifyConfirmToken(
  secret: string,
  token: string,
  now = Date.now(),
): ConfirmClaims | null {
  if (token.length > 1000) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [email, source, issuedAt] = JSON.parse(
      Buffer.from(payload, 'base64url').toString('utf8'),
    ) as unknown[];
    if (typeof email !== 'string' || typeof issuedAt !== 'number') return null;
    if (!NEWSLETTER_SOURCES.includes(source as TNewsletterSource)) return null;
    if (issuedAt > now + 60_000 || now - issuedAt > CONFIRM_TTL_MS) return null;
    return { email, source: source as TNewsletterSource, issuedAt };
  } catch {
    return null;
  }
}
