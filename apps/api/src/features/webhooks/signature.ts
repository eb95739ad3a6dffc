import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signatures (issue 25; docs/decisions/053-outbound-webhooks.md), Stripe's scheme:
 * `Lantern-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the secret>`.
 * A receiver recomputes the HMAC over the raw body it got, compares in constant time, and refuses
 * a timestamp further than the tolerance from its clock (a replayed old delivery).
 */

/** A receiver's default tolerance for the timestamp, in seconds (Stripe's). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function webhookHmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/**
 * The header value for `body` signed at `timestamp` (unix seconds): one `v1` per secret, so
 * while a rotated secret is still valid a receiver holding either one verifies (issue 48).
 */
export function signWebhook(
  secrets: string | readonly string[],
  body: string,
  timestamp: number,
): string {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  return [`t=${timestamp}`, ...all.map((s) => `v1=${webhookHmac(s, timestamp, body)}`)].join(',');
}

export type VerifyResult =
  | { ok: true; timestamp: number }
  | { ok: false; reason: 'malformed' | 'mismatch' | 'stale' };

/**
 * The verification a receiver runs (docs/api.md "Webhooks" shows the same in a few lines): every
 * `v1` in the header is tried (while a secret is being changed a header may carry two).
 */
export function verifyWebhookSignature(
  header: string | undefined,
  body: string,
  secret: string,
  opts: { toleranceSeconds?: number; now?: number } = {},
): VerifyResult {
  if (!header) return { ok: false, reason: 'malformed' };
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  if (timestamp === undefined || signatures.length === 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(webhookHmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((s) => timingSafeEqual(Buffer.from(s, 'hex'), expected));
  if (!matches) return { ok: false, reason: 'mismatch' };
  const now = opts.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'stale' };
  }
  return { ok: true, timestamp };
}
