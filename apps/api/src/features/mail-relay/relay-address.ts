import { keyedHash, sameSecret } from '../../lib/keyed-hash.ts';

/**
 * The relay's reply addresses (issue 22; docs/decisions/041): r+{token}@MAIL_REPLY_DOMAIN, where
 * the token names a thread, the side that will write back, the day it stops working and a MAC.
 *
 *     r+q42.s.20780.3f9c0a1b2d4e5f607182@replies.example.com
 *
 * The first letter is the kind of thread — `q` a buyer's question (side `b` the buyer, `s` the
 * seller), `t` a support ticket (side `c` the customer) —, then its id, the side, the expiry as
 * days since 1970-01-01 (UTC), and 20 hex digits (80 bits) of the keyed hash of the rest. Lower
 * case only, since some mail servers change the case of local parts; 64 characters at most, as
 * RFC 5321 allows. Each mail we send carries a fresh address, so a thread that goes on keeps
 * working; one quiet for RELAY_TOKEN_DAYS stops.
 */
export const RELAY_TOKEN_DAYS = 180;
const PURPOSE = 'mail-relay';
const DAY_MS = 86_400_000;
const TOKEN = /^r\+([qt])(\d{1,10})\.([bsc])\.(\d{1,6})\.([0-9a-f]{20})$/;

/** Who may write back through an address: a buyer or seller on a question, a ticket's customer. */
export type RelayTarget =
  | { thread: 'inquiry'; id: number; side: 'buyer' | 'seller' }
  | { thread: 'ticket'; id: number; side: 'customer' };

export type RelayParsed =
  | ({ ok: true } & RelayTarget)
  | { ok: false; reason: 'not-ours' | 'malformed' | 'forged' | 'expired' };

const KIND = { inquiry: 'q', ticket: 't' } as const;
const SIDE = { buyer: 'b', seller: 's', customer: 'c' } as const;

const mac = (secret: string, body: string) => keyedHash(secret, PURPOSE, body);
/** base64url → 20 lower-case hex digits. */
const hex20 = (digest: string) => Buffer.from(digest, 'base64url').toString('hex').slice(0, 20);

/** The target a kind and side letter name, or null for a pair we never issue. */
function targetOf(kind: string, id: number, side: string): RelayTarget | null {
  if (kind === 'q' && (side === 'b' || side === 's')) {
    return { thread: 'inquiry', id, side: side === 'b' ? 'buyer' : 'seller' };
  }
  if (kind === 't' && side === 'c') return { thread: 'ticket', id, side: 'customer' };
  return null;
}

/** The reply address for a mail to `target.side` on its thread. */
export function relayAddress(
  secret: string,
  domain: string,
  target: RelayTarget,
  now: Date = new Date(),
): string {
  const expires = Math.floor(now.getTime() / DAY_MS) + RELAY_TOKEN_DAYS;
  const body = `r+${KIND[target.thread]}${target.id}.${SIDE[target.side]}.${expires}`;
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
  if (at < 0 || lower.slice(at + 1) !== domain.toLowerCase()) {
    return { ok: false, reason: 'not-ours' };
  }
  const local = lower.slice(0, at);
  const m = TOKEN.exec(local);
  const target = m ? targetOf(m[1] ?? '', Number(m[2]), m[3] ?? '') : null;
  if (!m || !target) return { ok: false, reason: 'malformed' };
  const body = local.slice(0, local.lastIndexOf('.'));
  if (!sameSecret(hex20(mac(secret, body)), m[5] ?? '')) return { ok: false, reason: 'forged' };
  if (Number(m[4]) < Math.floor(now.getTime() / DAY_MS)) return { ok: false, reason: 'expired' };
  return { ok: true, ...target };
}
