import { createHmac, randomUUID } from 'node:crypto';
import type { IdempotencyKeyRepository } from './idempotency-keys.repository.ts';

/** A running request whose process died frees its key after this (decision 067). */
export const IDEMPOTENCY_LEASE_MS = 60_000;

export interface KeyedRequest {
  /** `user:<id>` or `visitor:<hash>`: who the key belongs to. */
  scope: string;
  userId: number | null;
  key: string;
  method: string;
  url: string;
  body: unknown;
}

/** The request that holds a key: what `finish` needs to keep its answer. */
export interface Held {
  scope: string;
  key: string;
  claim: string;
}

export type Begun =
  | { outcome: 'run'; held: Held }
  | { outcome: 'replay'; status: number; contentType: string | null; body: string }
  /** The same key with another method, URL or body. */
  | { outcome: 'mismatch' }
  /** The first request with this key has not answered yet. */
  | { outcome: 'running' }
  /** The first answer carried a secret and was not kept. */
  | { outcome: 'used' };

export interface Answer {
  status: number;
  contentType: string | null;
  /** The serialized body; undefined when it was a stream or file that cannot be kept. */
  body: string | undefined;
  /** The route or the answer carries a secret (a token, a signing secret, a session cookie). */
  secret: boolean;
}

/**
 * The rules of `Idempotency-Key` (issue 40; docs/decisions/067-idempotency-keys.md), after
 * Stripe's: the first answer under 500 is kept 24 hours per scope and key and replayed to a retry
 * with the same request; another request under the key is refused, and so is a retry while the
 * first still runs. Fingerprints and visitor scopes are keyed hashes: the table never holds a
 * body (it may hold a password) or a cookie.
 */
export function createIdempotencyService({
  repo,
  secret,
  leaseMs = IDEMPOTENCY_LEASE_MS,
}: {
  repo: IdempotencyKeyRepository;
  secret: string;
  leaseMs?: number;
}) {
  const hmac = (label: string, value: string) =>
    createHmac('sha256', secret).update(`${label}\n${value}`).digest('base64url');

  return {
    userScope: (userId: number) => `user:${userId}`,
    visitorScope: (cookie: string) => `visitor:${hmac('idempotency.visitor', cookie)}`,

    async begin(r: KeyedRequest): Promise<Begun> {
      const body = r.body === undefined ? '' : canonicalJson(r.body);
      const fingerprint = hmac('idempotency.request', `${r.method} ${r.url}\n${body}`);
      const claim = randomUUID();
      const held = { scope: r.scope, key: r.key, claim };
      // Twice at most: a row that expired between the two statements is claimed on the second.
      for (let attempt = 0; attempt < 2; attempt++) {
        const ok = await repo.claim({ ...held, userId: r.userId, fingerprint }, leaseMs);
        if (ok) return { outcome: 'run', held };
        const row = await repo.find(r.scope, r.key);
        if (!row) continue;
        if (row.fingerprint !== fingerprint) return { outcome: 'mismatch' };
        if (row.state === 'running') return { outcome: 'running' };
        if (row.secret || row.status === null || row.body === null) return { outcome: 'used' };
        return {
          outcome: 'replay',
          status: row.status,
          contentType: row.contentType,
          body: row.body,
        };
      }
      return { outcome: 'running' };
    },

    /**
     * Keep the answer for retries. A 5xx or a 429 frees the key, so a retry runs again (the
     * failure may pass); an answer that cannot be kept (a stream) frees it too. A secret's
     * success keeps only that the key was used.
     */
    async finish(held: Held, answer: Answer): Promise<void> {
      const { scope, key, claim } = held;
      if (answer.status >= 500 || answer.status === 429) return repo.release(scope, key, claim);
      if (answer.secret && answer.status < 400) {
        return repo.finish(scope, key, claim, {
          status: answer.status,
          contentType: null,
          body: null,
          secret: true,
        });
      }
      if (answer.body === undefined) return repo.release(scope, key, claim);
      await repo.finish(scope, key, claim, {
        status: answer.status,
        contentType: answer.contentType,
        body: answer.body,
        secret: false,
      });
    },
    removeExpired: () => repo.removeExpired(),
  };
}
export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

/** JSON with object keys sorted: the same fields in another order are the same request. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
