import type { TShowingSide } from '@lantern/domain';
import { readSigned, signClaims } from '../../../lib/keyed-hash.ts';

/**
 * The tokens of the links we mail about a showing (issue 22): signed claims naming the showing,
 * the side the link acts for (the seller's carries the owner it was mailed to), and the showing's
 * `sequence` when it was mailed. A link acts only while the showing is still at that sequence,
 * so once anyone has acted — through this link, another, or the dashboard — it acts no more: a
 * replay cannot flip a decision. It keeps showing where things stand until it expires.
 */
export interface ShowingLinkClaims {
  showing: string;
  side: TShowingSide;
  /** The owner a seller's link was mailed to; null on the buyer's. */
  userId: number | null;
  sequence: number;
  issuedAt: number;
}

const PURPOSE = 'showing-link';
/** Long enough to answer a request made 90 days ahead and to cancel up to the day. */
export const SHOWING_LINK_TTL_MS = 120 * 24 * 60 * 60_000;

export function createShowingLinkToken(secret: string, c: ShowingLinkClaims): string {
  return signClaims(secret, PURPOSE, [c.showing, c.side, c.userId, c.sequence, c.issuedAt]);
}

/** The claims of a genuine, unexpired token; null for a forged, altered or old one. */
export function readShowingLinkToken(
  secret: string,
  token: string,
  now = Date.now(),
): ShowingLinkClaims | null {
  const claims = readSigned(secret, PURPOSE, token);
  if (claims?.length !== 5) return null;
  const [showing, side, userId, sequence, issuedAt] = claims;
  if (typeof showing !== 'string' || (side !== 'seller' && side !== 'buyer')) return null;
  if (side === 'seller' ? typeof userId !== 'number' : userId !== null) return null;
  if (!Number.isInteger(sequence) || typeof issuedAt !== 'number') return null;
  if (issuedAt > now + 60_000 || now - issuedAt > SHOWING_LINK_TTL_MS) return null;
  return { showing, side, userId: userId as number | null, sequence: sequence as number, issuedAt };
}
