import { createHash } from 'node:crypto';
import { MESSAGES } from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { Window } from '../../repositories/rate-limits.ts';

export const LOGIN_FAILURES_PER_MINUTE = 5;
export const LOGIN_WINDOW_MS = 60_000;
export const SIGNUP_WINDOW_MS = 60 * 60_000;

/** Keys hold a digest, not the email itself: the counters table carries no personal data. */
export function loginKey(email: string, ip: string): string {
  return `login:${createHash('sha256').update(`${email.toLowerCase()}|${ip}`).digest('base64url')}`;
}

export function signUpKey(ip: string): string {
  return `signup:${createHash('sha256').update(ip).digest('base64url')}`;
}

export function tooManyAttempts(reply: FastifyReply, window: Window) {
  const seconds = Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 1000));
  return reply
    .code(429)
    .header('retry-after', String(seconds))
    .send({ message: MESSAGES.tooManyAttempts(seconds), retryAfter: seconds });
}
