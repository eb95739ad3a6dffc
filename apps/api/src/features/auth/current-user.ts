import type { TCurrentUser } from '@lantern/contracts';
import { LRUCache } from 'lru-cache';
import { ENTRY_BYTES, MB, stringBytes } from '../../lib/cache-bytes.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import type { UserRepository, UserSummary } from './users.repository.ts';

/** Bus topic: a user's summary (flags, role, kinds, email, property count) changed. */
const CHANGED = 'user.changed';

/**
 * GET /api/user is the hottest read of every page. Summaries are cached per user and dropped on
 * every instance when anything in them changes (flags, email, property count): call `changed`.
 */
export function createCurrentUserService(
  users: UserRepository,
  bus: EventBus,
  cacheBytes = 24 * MB,
) {
  // About 100,000 users with everyday email addresses (docs/decisions/014-memory-budget.md).
  const cache = new LRUCache<number, UserSummary>({
    maxSize: cacheBytes,
    sizeCalculation: (user) => ENTRY_BYTES + stringBytes(user.hash, user.email),
  });
  // Bumped on every invalidation, so a read that raced with a change is not cached.
  let generation = 0;
  const drop = (userId: number) => {
    generation++;
    cache.delete(userId);
  };
  const offs = [
    bus.subscribe(CHANGED, ({ userId }) => drop(userId)),
    bus.onReset(() => {
      generation++;
      cache.clear();
    }),
  ];
  async function get(userId: number): Promise<UserSummary | undefined> {
    const hit = cache.get(userId);
    if (hit) return hit;
    const seen = generation;
    const row = await users.summary(userId);
    if (row && seen === generation) cache.set(userId, row);
    return row;
  }
  return {
    get,
    /** The user as GET /api/user answers (also written into the dashboard shell). */
    async current(userId: number): Promise<TCurrentUser | null> {
      const user = await get(userId);
      if (!user) return null;
      return {
        hash: user.hash,
        email: user.email,
        properties_relation_count: user.propertiesCount,
        vendor: user.vendor,
        admin: user.admin,
      };
    },
    async changed(userId: number): Promise<void> {
      drop(userId);
      await bus.publish(CHANGED, { userId });
    },
    close() {
      for (const off of offs) off();
    },
  };
}
export type CurrentUserService = ReturnType<typeof createCurrentUserService>;
