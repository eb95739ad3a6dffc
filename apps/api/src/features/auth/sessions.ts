import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { ENTRY_BYTES, MB, stringBytes } from '../../lib/cache-bytes.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import type { SessionRepository } from './sessions.repository.ts';

export const SESSION_COOKIE = 'lantern_session';
export const IDLE_TIMEOUT_MS = 120 * 60_000;
export const REMEMBER_MS = 30 * 24 * 60 * 60_000;
/** A live idle session is written back at most this often: the hot path stays free of writes. */
export const TOUCH_INTERVAL_MS = 60_000;

export interface SessionRecord {
  id: string;
  userId: number;
  remember: boolean;
  expiresAt: number;
  touchedAt: number;
}

const ENDED = 'session.ended';
/** Bus topic carrying `{ids}` of ended sessions (realtime closes their sockets). */

interface Options {
  repo: SessionRepository;
  bus: EventBus;
  secret: string;
  onError: (err: unknown) => void;
  now?: () => number;
  /** Memory the session cache and the token-id cache may each use. */
  cacheBytes?: { sessions: number; tokenIds: number };
}

/** The caches shared by the service's operations: sessions by id, and ids by token. */
function sessionCaches({
  bus,
  secret,
  cacheBytes = { sessions: 24 * MB, tokenIds: 16 * MB },
}: Pick<Options, 'bus' | 'secret' | 'cacheBytes'>) {
  // About 110,000 sessions (docs/decisions/014-memory-budget.md).
  const cache = new LRUCache<string, SessionRecord>({
    maxSize: cacheBytes.sessions,
    sizeCalculation: (record) => ENTRY_BYTES + stringBytes(record.id),
  });
  const unsubscribe = [
    bus.subscribe(ENDED, ({ ids }) => {
      for (const id of ids) cache.delete(id);
    }),
    bus.onReset(() => cache.clear()),
  ];

  /** The stored id is a keyed hash of the cookie token: the table alone cannot forge a cookie. */
  const hmac = (token: string) => createHmac('sha256', secret).update(token).digest('base64url');
  // Recent tokens' ids, so a request does not pay for the HMAC each time (the hot path of every
  // signed-in call). A stale entry is harmless: the id is still checked against the session cache
  // and the table.
  const ids = new LRUCache<string, string>({
    maxSize: cacheBytes.tokenIds,
    sizeCalculation: (id, token) => ENTRY_BYTES + stringBytes(token, id),
  });
  const idFor = (token: string) => {
    let id = ids.get(token);
    if (id === undefined) {
      id = hmac(token);
      ids.set(token, id);
    }
    return id;
  };

  return { cache, unsubscribe, idFor };
}

type Caches = ReturnType<typeof sessionCaches>;
type Context = Caches & Pick<Options, 'repo' | 'bus' | 'onError'> & { now: () => number };

/** Creating a session and resolving a cookie's token to a live one. */
function sessionLookups({ repo, onError, now, cache, idFor }: Context) {
  async function load(id: string): Promise<SessionRecord | null> {
    const row = await repo.find(id);
    if (!row || row.expiresAt.getTime() <= now()) {
      cache.delete(id);
      return null;
    }
    const record = {
      id,
      userId: row.userId,
      remember: row.remember,
      expiresAt: row.expiresAt.getTime(),
      touchedAt: row.lastSeenAt.getTime(),
    };
    cache.set(id, record);
    return record;
  }

  function touch(record: SessionRecord): void {
    const t = now();
    if (record.remember || t - record.touchedAt < TOUCH_INTERVAL_MS) return;
    record.touchedAt = t;
    record.expiresAt = t + IDLE_TIMEOUT_MS;
    repo.touch(record.id, new Date(t), new Date(record.expiresAt)).then(() => undefined, onError);
  }

  return {
    async create(userId: number, remember: boolean, meta: { ip?: string; userAgent?: string }) {
      const token = randomBytes(32).toString('base64url');
      const id = idFor(token);
      const t = now();
      const expiresAt = t + (remember ? REMEMBER_MS : IDLE_TIMEOUT_MS);
      await repo.insert({
        id,
        userId,
        remember,
        expiresAt: new Date(expiresAt),
        lastSeenAt: new Date(t),
        ip: meta.ip ?? null,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      });
      const record: SessionRecord = { id, userId, remember, expiresAt, touchedAt: t };
      cache.set(id, record);
      return { token, record };
    },

    async resolve(token: string): Promise<SessionRecord | null> {
      if (token.length !== 43) return null;
      const id = idFor(token);
      let record = cache.get(id) ?? null;
      if (!record || record.expiresAt <= now()) record = await load(id);
      if (record) touch(record);
      return record;
    },
  };
}

/** Ending sessions: each instance drops them from its cache, told through the bus. */
function sessionEnding({ repo, bus, now, cache, unsubscribe }: Context) {
  async function publishEnded(ids: string[]) {
    for (const id of ids) cache.delete(id);
    if (ids.length) await bus.publish(ENDED, { ids });
  }

  return {
    async end(id: string): Promise<void> {
      await repo.delete(id);
      await publishEnded([id]);
    },

    /** End every session of a user, optionally keeping one (e.g. the one changing the password). */
    async endAllForUser(userId: number, exceptId?: string): Promise<string[]> {
      const ids = await repo.deleteForUser(userId, exceptId);
      await publishEnded(ids);
      return ids;
    },

    /** The user's live sessions other than this one (Account Settings). */
    countOthers: (userId: number, exceptId: string) =>
      repo.countOthers(userId, exceptId, new Date(now())),

    async endMany(ids: string[]): Promise<void> {
      if (!ids.length) return;
      await repo.deleteMany(ids);
      await publishEnded(ids);
    },

    close() {
      for (const off of unsubscribe) off();
      cache.clear();
    },
  };
}

/**
 * Database-backed sessions with an in-memory cache, so resolving a session on a hot request needs
 * no database round trip. Correctness across instances: ending a session publishes its id on the
 * bus and every instance drops it; a lost bus connection clears the whole cache; a cached entry
 * that looks expired is re-read, since another instance may have extended it.
 */
export function createSessionService({ now = Date.now, ...options }: Options) {
  const context: Context = { ...options, now, ...sessionCaches(options) };
  return { ...sessionLookups(context), ...sessionEnding(context) };
}
export type SessionService = ReturnType<typeof createSessionService>;
