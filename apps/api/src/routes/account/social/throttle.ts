import { createHash } from 'node:crypto';

/** Social sign-in attempts started per IP address in a window: far above any person's need. */
export const SOCIAL_ATTEMPTS_PER_WINDOW = 60;
export const SOCIAL_ATTEMPTS_WINDOW_MS = 10 * 60_000;

export function attemptsKey(ip: string): string {
  return `social:${createHash('sha256').update(ip).digest('base64url')}`;
}
