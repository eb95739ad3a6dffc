import { createHash, randomBytes } from 'node:crypto';
import {
  API_SCOPES,
  API_TOKEN_PREFIX,
  API_TOKEN_TEXTS,
  API_TOKENS_PER_USER,
  type TApiScope,
  type TApiToken,
  type TApiTokenCreate,
  ZApiTokenCreateSchema,
} from '@lantern/contracts';
import { LRUCache } from 'lru-cache';
import { ENTRY_BYTES, MB } from '../../lib/cache-bytes.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import type { ApiTokenRepository, ApiTokenRow } from './api-tokens.repository.ts';
import { offeredScopes } from './scopes.ts';

/** A resolved token: whose it is and what it may do. */
export interface ApiTokenRecord {
  id: number;
  userId: number;
  scopes: TApiScope[];
  expiresAt: number;
  lastUsedAt: number;
}

/** lastUsedAt is written back at most this often per token: the hot path stays free of writes. */
export const TOKEN_TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;
const TOKEN_LENGTH = API_TOKEN_PREFIX.length + 43;

interface Deps {
  repo: ApiTokenRepository;
  bus: EventBus;
  /** Locked people's tokens do nothing (issue 20's lock). */
  isLocked: (userId: number) => Promise<boolean>;
  /** Staff or vendor, for the scopes offered. */
  roleOf: (userId: number) => Promise<{ staff: boolean; vendor: boolean }>;
  onError: (err: unknown) => void;
  now?: () => number;
  cacheBytes?: number;
}

type Outcome<T> = { ok: true; value: T } | { ok: false; status: 404 | 422; message: string };

/** The token is a secret; the table keeps its SHA-256 (256 random bits: no salt needed). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const toApiToken = (row: ApiTokenRow): TApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as TApiScope[],
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * A new token, answered once: only scopes offered to the user, and no more than the limit of
 * live tokens per user.
 */
async function createToken(
  repo: ApiTokenRepository,
  offered: (userId: number) => Promise<readonly TApiScope[]>,
  now: () => number,
  userId: number,
  input: TApiTokenCreate,
): Promise<Outcome<{ token: string; apiToken: TApiToken }>> {
  const parsed = ZApiTokenCreateSchema.parse(input);
  const allowed = await offered(userId);
  const refused = parsed.scopes.find((s) => !allowed.includes(s));
  if (refused) return { ok: false, status: 422, message: API_TOKEN_TEXTS.scopeNotOffered(refused) };
  const t = now();
  if ((await repo.countLive(userId, new Date(t))) >= API_TOKENS_PER_USER) {
    return { ok: false, status: 422, message: API_TOKEN_TEXTS.tooMany };
  }
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await repo.insert({
    userId,
    name: parsed.name,
    tokenHash: hashToken(token),
    prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
    scopes: parsed.scopes,
    expiresAt: new Date(t + parsed.expiresInDays * DAY_MS),
    createdAt: new Date(t),
  });
  return { ok: true, value: { token, apiToken: toApiToken(row) } };
}

/**
 * Personal access tokens (issue 25): create (the token is answered once), list, revoke, and
 * resolve a Bearer token on every API call from an in-memory cache. Like sessions (decision 002),
 * a revocation publishes the token's id on the bus and every instance drops it at once; a change
 * to the owner (a lock) drops their tokens; a lost bus connection clears the cache.
 */
export function createApiTokenService({
  repo,
  bus,
  isLocked,
  roleOf,
  onError,
  now = Date.now,
  cacheBytes = 4 * MB,
}: Deps) {
  const cache = new LRUCache<string, ApiTokenRecord>({
    maxSize: cacheBytes,
    sizeCalculation: (r) => ENTRY_BYTES + 64 + r.scopes.length * 24,
  });
  const dropWhere = (match: (r: ApiTokenRecord) => boolean) => {
    for (const [hash, record] of cache.entries()) if (match(record)) cache.delete(hash);
  };
  const offs = [
    bus.subscribe('api-token.revoked', ({ ids }) => {
      const gone = new Set(ids);
      dropWhere((r) => gone.has(r.id));
    }),
    bus.subscribe('user.changed', ({ userId }) => dropWhere((r) => r.userId === userId)),
    bus.onReset(() => cache.clear()),
  ];

  async function load(hash: string): Promise<ApiTokenRecord | null> {
    const row = await repo.findByHash(hash);
    if (!row || row.expiresAt.getTime() <= now() || (await isLocked(row.userId))) return null;
    const record: ApiTokenRecord = {
      id: row.id,
      userId: row.userId,
      scopes: row.scopes as TApiScope[],
      expiresAt: row.expiresAt.getTime(),
      lastUsedAt: row.lastUsedAt?.getTime() ?? 0,
    };
    cache.set(hash, record);
    return record;
  }

  async function offered(userId: number) {
    return offeredScopes(API_SCOPES, await roleOf(userId));
  }

  return {
    offered,

    async list(userId: number) {
      return (await repo.listForUser(userId)).map(toApiToken);
    },

    async create(
      userId: number,
      input: TApiTokenCreate,
    ): Promise<Outcome<{ token: string; apiToken: TApiToken }>> {
      return createToken(repo, offered, now, userId, input);
    },

    /** Revoke one of the user's tokens: gone on every instance before this answers. */
    async revoke(userId: number, id: number): Promise<Outcome<null>> {
      const hash = await repo.deleteForUser(userId, id);
      if (!hash) return { ok: false, status: 404, message: 'Not found.' };
      cache.delete(hash);
      await bus.publish('api-token.revoked', { ids: [id] });
      return { ok: true, value: null };
    },

    /** The token's record, or null (unknown, revoked, expired, owner locked). */
    async resolve(token: string): Promise<ApiTokenRecord | null> {
      if (token.length !== TOKEN_LENGTH || !token.startsWith(API_TOKEN_PREFIX)) return null;
      const hash = hashToken(token);
      let record = cache.get(hash) ?? null;
      if (record && record.expiresAt <= now()) {
        cache.delete(hash);
        return null;
      }
      record ??= await load(hash);
      if (!record) return null;
      const t = now();
      if (t - record.lastUsedAt >= TOKEN_TOUCH_INTERVAL_MS) {
        record.lastUsedAt = t;
        repo.touch(record.id, new Date(t)).then(() => undefined, onError);
      }
      return record;
    },

    /** Daily: tokens expired for a month are deleted (they are listed as expired until then). */
    sweep: () => repo.deleteExpiredBefore(new Date(now() - 30 * DAY_MS)),

    close() {
      for (const off of offs) off();
      cache.clear();
    },
  };
}
export type ApiTokenService = ReturnType<typeof createApiTokenService>;
