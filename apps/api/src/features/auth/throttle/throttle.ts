import { createHash, randomUUID } from 'node:crypto';
import { MESSAGES } from '@lantern/contracts';
import type { FastifyReply } from 'fastify';
import type { RateLimitRepository, Window } from '../rate-limits.repository.ts';
import type { Limit } from './limits.ts';

/**
 * The one way to throttle (issue 12). Two shapes of limit:
 * - `take`: every request counts (sign-ups, messages); the one over the limit gets a 429.
 * - `check` + `fail` (+ `clear`): only failures count (wrong passwords, codes); a request is
 *   refused while the failures have used the limit up, and success may clear them.
 * - `openLease` … `closeLease`: things that stay open (sockets) count while they are.
 * A refused request has been answered (429 with Retry-After); the handler just returns.
 * Keys hold a digest of the subject, so the counters table carries no personal data.
 */
export function createThrottle(repo: RateLimitRepository, enabled: boolean) {
  const keyOf = (limit: Limit, subject: string | number) =>
    `${limit.name}:${createHash('sha256').update(String(subject)).digest('base64url')}`;

  return {
    enabled,
    /** Count this request; false once it goes over the limit (the 429 is sent). */
    async take(reply: FastifyReply, limit: Limit, subject: string | number): Promise<boolean> {
      if (!enabled) return true;
      const window = await repo.hit(keyOf(limit, subject), limit.windowMs);
      if (window.count <= limit.max) return true;
      await tooManyAttempts(reply, window);
      return false;
    },
    /** Count one event that has no HTTP answer (a text); false once over the limit. */
    async allow(limit: Limit, subject: string | number): Promise<boolean> {
      if (!enabled) return true;
      return (await repo.hit(keyOf(limit, subject), limit.windowMs)).count <= limit.max;
    },
    /** False while earlier failures have used the limit up (the 429 is sent); counts nothing. */
    async check(reply: FastifyReply, limit: Limit, subject: string | number): Promise<boolean> {
      if (!enabled) return true;
      const window = await repo.peek(keyOf(limit, subject));
      if (!window || window.count < limit.max) return true;
      await tooManyAttempts(reply, window);
      return false;
    },
    /** Count a failure. */
    async fail(limit: Limit, subject: string | number): Promise<void> {
      if (enabled) await repo.hit(keyOf(limit, subject), limit.windowMs);
    },
    /** Forget the failures (a success ends a run of typos). */
    async clear(limit: Limit, subject: string | number): Promise<void> {
      if (enabled) await repo.clear(keyOf(limit, subject));
    },
    /** Hold one of the limit's places until closed; null once all are taken (the 429 is sent). */
    async openLease(
      reply: FastifyReply,
      limit: Limit,
      subject: string | number,
    ): Promise<string | null> {
      const prefix = `${keyOf(limit, subject)}:`;
      const lease = `${prefix}${randomUUID()}`;
      // Take a place, then count: of racing requests, only those within the limit stay.
      await repo.openLease(lease, limit.windowMs);
      if ((await repo.countLeases(prefix)) <= limit.max) return lease;
      await repo.clear(lease);
      await tooManyAttempts(reply, { count: 0, resetAt: new Date(Date.now() + limit.windowMs) });
      return null;
    },
    /** Keep leases alive for another `windowMs` of their limit. */
    renewLeases: (leases: string[], limit: Limit) => repo.renewLeases(leases, limit.windowMs),
    closeLease: (lease: string) => repo.clear(lease),
  };
}
export type Throttle = ReturnType<typeof createThrottle>;

export function tooManyAttempts(reply: FastifyReply, window: Window) {
  const seconds = Math.max(1, Math.ceil((window.resetAt.getTime() - Date.now()) / 1000));
  return reply
    .code(429)
    .header('retry-after', String(seconds))
    .send({ message: MESSAGES.tooManyAttempts(seconds), retryAfter: seconds });
}
