import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 3,000 most common passwords: the head of the frequency-ranked list zxcvbn-ts ships
 * (drawn from real leaked-password corpora). Imported only by the server, so it never
 * reaches a browser bundle.
 */
export const COMMON_PASSWORD_COUNT = 3000;
const ranked = dictionary['passwords-common'] as string[];
const common = new Set(ranked.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.toLowerCase());
}
