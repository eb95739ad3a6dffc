import { newHash, users } from '@lantern/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/build-test-app.ts';
import { ENTRY_BYTES, stringBytes } from '../../lib/cache-bytes.ts';
import { createLocalBus } from '../../lib/event-bus.ts';
import { createCurrentUserService } from './current-user.ts';
import { createUserRepository } from './users.repository.ts';

let t: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

describe('current-user cache', () => {
  it('is bounded by memory: a summary that no longer fits is read again', async () => {
    const rows = await t.database.db
      .insert(users)
      .values(['a', 'b', 'c'].map((name) => ({ hash: newHash(), email: `${name}@example.com` })))
      .returning();
    const [a, b, c] = rows.map((row) => row.id);
    const entry = ENTRY_BYTES + stringBytes(rows[0]?.hash ?? '', 'a@example.com');
    const bus = createLocalBus();
    // Room for two summaries, however many entries a count-bounded cache would allow.
    const current = createCurrentUserService(createUserRepository(t.database.db), bus, 2 * entry);

    await current.get(a ?? 0);
    await current.get(b ?? 0);
    // Changed behind the cache's back: a cached summary still shows the old address.
    for (const id of [a, b]) {
      await t.database.db
        .update(users)
        .set({ email: `new.${id}@example.com` })
        .where(eq(users.id, id ?? 0));
    }
    expect((await current.get(b ?? 0))?.email).toBe('b@example.com');
    await current.get(c ?? 0); // pushes out the least recently used: a
    expect((await current.get(b ?? 0))?.email).toBe('b@example.com');
    expect((await current.get(a ?? 0))?.email).toBe(`new.${a}@example.com`);
    current.close();
    await bus.close();
  });
});
