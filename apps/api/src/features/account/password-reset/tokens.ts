import { createHash, randomBytes } from 'node:crypto';
import { sameSecret } from '../../../lib/keyed-hash.ts';

/**
 * Single-use link tokens of the form `selector.verifier` (the split-token pattern): the selector
 * is looked up by index, the verifier is only ever stored as a SHA-256 and compared in constant
 * time, so a lookup's timing says nothing about how much of a guessed secret was right.
 */
const SELECTOR_BYTES = 12;
const VERIFIER_BYTES = 32;
const FORMAT = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

export interface SplitToken {
  selector: string;
  verifier: string;
}

export function newSplitToken(): SplitToken & { token: string; verifierHash: string } {
  const selector = randomBytes(SELECTOR_BYTES).toString('base64url');
  const verifier = randomBytes(VERIFIER_BYTES).toString('base64url');
  return { selector, verifier, token: `${selector}.${verifier}`, verifierHash: digest(verifier) };
}

/** The two halves of a well-formed token; null for anything else (without touching the database). */
export function parseSplitToken(token: string): SplitToken | null {
  const m = FORMAT.exec(token);
  return m?.[1] && m[2] ? { selector: m[1], verifier: m[2] } : null;
}

export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** Constant-time: compares fixed-length digests, never the secrets themselves. */
export function verifierMatches(verifier: string, storedHash: string): boolean {
  return sameSecret(digest(verifier), storedHash);
}
