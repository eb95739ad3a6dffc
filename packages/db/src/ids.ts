import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * A public id of `length` base62 characters from a CSPRNG (20 characters ≈ 119 bits), so hashes
 * in URLs cannot be guessed or enumerated. Rejection sampling keeps every character uniform.
 */
export function newHash(length = 20): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}
