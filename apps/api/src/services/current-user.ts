import { Lru } from '../lib/lru.ts';
import type { EventBus } from '../plugins/app/event-bus.ts';
import type { UserRepository, UserSummary } from '../repositories/users.ts';

/** Bus topic: a user's summary (flags, role, kinds, email, property count) changed. */
export const USER_CHANGED_TOPIC = 'user.changed';
const CHANGED = USER_CHANGED_TOPIC;

/**
 * GET /api/user is the hottest read of every page. Summaries are cached per user and dropped on
 * every instance when anything in them changes (flags, email, property count): call `changed`.
 */
export function createCurrentUserService(
  users: UserRepository,
  bus: EventBus,
  cacheSize = 100_000,
) {
  const cache = new Lru<number, UserSummary>(cacheSize);
  // Bumped on every invalidation, so a read that raced with a change is not cached.
  let generation = 0;
  const drop = (userId: number) => {
    generation++;
    cache.delete(userId);
  };
  const offs = [
    bus.subscribe(CHANGED, (p) => drop((p as { userId: number }).userId)),
    bus.onReset(() => {
      generation++;
      cache.clear();
    }),
  ];
  return {
    async get(userId: number): Promise<UserSummary | undefined> {
      const hit = cache.get(userId);
      if (hit) return hit;
      const seen = generation;
      const row = await users.summary(userId);
      if (row && seen === generation) cache.set(userId, row);
      return row;
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
