import type { Algorithm } from '@node-rs/argon2';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's minimum argon2id profile: 19 MiB, two passes, one lane. */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Argon2id (a const enum cannot be imported under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verify a password against a stored hash. With no stored hash (unknown email, social-only
 * account) it still runs a full argon2 verification against a dummy hash, so the answer takes
 * the same time whether or not the account exists.
 */
export async function verifyPassword(stored: string | null | undefined, password: string) {
  if (!stored) {
    dummyHash ??= hashPassword('lantern-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

/** Compute the dummy hash at start-up so the first unknown-email sign-in is not faster. */
export async function warmPasswordHasher(): Promise<void> {
  dummyHash ??= hashPassword('lantern-timing-equaliser');
  await dummyHash;
}
