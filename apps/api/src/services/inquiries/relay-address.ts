import { keyedHash, sameSecret } from '../../lib/keyed-hash.ts';

/**
 * The relay's reply addresses (issue 22; docs/decisions/041): r+{token}@MAIL_REPLY_DOMAIN, where
 * the token names a thread, the side that will write back, the day it stops working and a MAC.
 *
 *     r+q42.s.20780.3f9c0a1b2d4e5f607182@replies.example.com
 *
 * `q` is an inquiry (the only kind so far), `s` the seller's side (`b` the buyer's), 20780 the
 * expiry as days since 1970-01-01 (UTC), and the last part 20 hex digits (80 bits) of the keyed
 * hash of the rest. Lower case only, since some mail servers change the case of local parts;
 * 64 characters at most, as RFC 5321 allows. Each mail we send carries a fresh address, so a
 * thread that goes on keeps working; one quiet for RELAY_TOKEN_DAYS stops.
 */
export const RELAY_TOKEN_DAYS = 180;
const PURPOSE = 'mail-relay';
const DAY_MS = 86_400_000;
const TOKEN = /^r\+q(\d{1,10})\.([bs])\.(\d{1,6})\.([0-9a-f]{20})$/;

export type RelaySide = 'buyer' | 'seller';

export interface RelayTarget {
  inquiryId: number;
  /** Whose reply the address takes: the side the mail was sent to. */
  side: RelaySide;
}

export type RelayParsed =
  | ({ ok: true } & RelayTarget)
  | { ok: false; reason: 'not-ours' | 'malformed' | 'forged' | 'expired' };

const mac = (secret: string, body: string) => keyedHash(secret, PURPOSE, body);
/** base64url → 20 lower-case hex digits. */
const hex20 = (digest: string) => Buffer.from(digest, 'base64url').toString('hex').slice(0, 20);

/** The reply address for a mail to `target.side` about inquiry `target.inquiryId`. */
export function relayAddress(
  secret: string,
  domain: string,
  target: RelayTarget,
  now: Date = new Date(),
): string {
  const expires = Math.floor(now.getTime() / DAY_MS) + RELAY_TOKEN_DAYS;
  const body = `r+q${target.inquiryId}.${target.side === 'buyer' ? 'b' : 's'}.${expires}`;
  return `${body}.${hex20(mac(secret, body))}@${domain}`;
}

/**
 * What an address we received mail for names. Only addresses at `domain` are ours; a token whose
 * MAC does not match is forged, one past its day expired. Constant-time MAC comparison.
 */
export function parseRelayAddress(
  secret: string,
  domain: string,
  address: string,
  now: Date = new Date(),
): RelayParsed {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0 || lower.slice(at + 1) !== domain.toLowerCase())
    return { ok: false, reason: 'not-ours' };
  const local = lower.slice(0, at);
  const m = TOKEN.exec(local);
  if (!m) return { ok: false, reason: 'malformed' };
  const [, id, side, expires, given] = m as unknown as [string, string, string, string, string];
  const body = local.slice(0, local.lastIndexOf('.'));
  if (!sameSecret(hex20(mac(secret, body)), given)) return { ok: false, reason: 'forged' };
  if (Number(expires) < Math.floor(now.getTime() / DAY_MS)) return { ok: false, reason: 'expired' };
  return { ok: true, inquiryId: Number(id), side: side === 'b' ? 'buyer' : 'seller' };
}
