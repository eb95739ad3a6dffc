import { NEWSLETTER_SOURCES, type TNewsletterSource } from '@lantern/contracts';
import { readSigned, signClaims } from '../../../lib/keyed-hash.ts';

/** Confirmation links work for seven days. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60_000;

export interface ConfirmClaims {
  email: string;
  source: TNewsletterSource;
  issuedAt: number;
}

const PURPOSE = 'newsletter-confirm';

/** `payload.signature`: the payload names the address, where it came from and when. */
export function createConfirmToken(secret: string, claims: ConfirmClaims): string {
  return signClaims(secret, PURPOSE, [claims.email, claims.source, claims.issuedAt]);
}

/** The claims of a genuine, unexpired token; null for anything else. */
export function verifyConfirmToken(
  secret: string,
  token: string,
  now = Date.now(),
): ConfirmClaims | null {
  const [email, source, issuedAt] = readSigned(secret, PURPOSE, token) ?? [];
  if (typeof email !== 'string' || typeof issuedAt !== 'number') return null;
  if (!NEWSLETTER_SOURCES.includes(source as TNewsletterSource)) return null;
  if (issuedAt > now + 60_000 || now - issuedAt > CONFIRM_TTL_MS) return null;
  return { email, source: source as TNewsletterSource, issuedAt };
}
