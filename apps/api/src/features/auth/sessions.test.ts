import { newHash, users } from '@lantern/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers/build-test-app.ts';
import { createLocalBus, createPostgresBus, type EventBus } from '../../lib/event-bus.ts';
import { createSessionRepository } from './sessions.repository.ts';
import {
  createSessionService,
  IDLE_TIMEOUT_MS,
  REMEMBER_MS,
  TOUCH_INTERVAL_MS,
} from './sessions.ts';

let t: Awaited<ReturnType<typeof createTestDatabase>>;
let userId: number;
const buses: EventBus[] = [];
const silent = { warn() {}, error() {} };

beforeAll(async () => {
  t = await createTestDatabase();
  const [row] = await t.database.db
    .insert(users)
    .values({ hash: newHash(), email: 'sessions@example.com' })
    .returning();
  userId = row?.id ?? 0;
});
afterAll(async () => {
  for (const bus of buses) await bus.close();
  await t.drop();
});

async function bus(): Promise<EventBus> {
  const b =
    t.database.kind === 'postgres' ? await createPostgresBus(t.database, silent) : createLocalBus();
  buses.push(b);
  return b;
}

function service(b: EventBus, now: () => number = Date.now) {
  return createSessionService({
    repo: createSessionRepository(t.database.db),
    bus: b,
    secret: 's'.repeat(40),
    onError: () => {},
    now,
  });
}

async function eventually<T>(fn: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const v = await fn();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 20));
  }
  return fn();
}

describe('session lifetime', () => {
  it('ends a session without remember after 120 idle minutes, and idling is reset by use', async () => {
    let clock = Date.now();
    const s = service(await bus(), () => clock);
    const { token } = await s.create(userId, false, {});
    clock += IDLE_TIMEOUT_MS - 1000;
    expect(await s.resolve(token)).not.toBeNull(); // used: the idle window starts again
    clock += IDLE_TIMEOUT_MS - 1000;
    expect(await s.resolve(token)).not.toBeNull();
    clock += IDLE_TIMEOUT_MS + 1000;
    expect(await s.resolve(token)).toBeNull();
  });

  it('keeps a remembered session for 30 days regardless of use', async () => {
    let clock = Date.now();
    const s = service(await bus(), () => clock);
    const { token } = await s.create(userId, true, {});
    clock += REMEMBER_MS - 60_000;
    expect(await s.resolve(token)).not.toBeNull();
    clock += 120_000;
    expect(await s.resolve(token)).toBeNull();
  });

  it('writes a touch back at most once a minute', async () => {
    let clock = Date.now();
    const s = service(await bus(), () => clock);
    const { token, record } = await s.create(userId, false, {});
    clock += TOUCH_INTERVAL_MS / 2;
    await s.resolve(token);
    expect(record.touchedAt).toBeLessThan(clock);
    clock += TOUCH_INTERVAL_MS;
    await s.resolve(token);
    expect(record.touchedAt).toBe(clock);
  });

  it('rejects tokens it never issued', async () => {
    const s = service(await bus());
    expect(await s.resolve('x'.repeat(43))).toBeNull();
    expect(await s.resolve('short')).toBeNull();
  });
});

describe('several instances', () => {
  it('drops a cached session everywhere when it ends on another instance', async () => {
    const shared = t.database.kind === 'pglite' ? await bus() : undefined;
    const a = service(shared ?? (await bus()));
    const b = service(shared ?? (await bus()));
    const { token, record } = await a.create(userId, false, {});
    expect(await b.resolve(token)).not.toBeNull(); // now cached on b
    await a.end(record.id);
    expect(
      await eventually(
        () => b.resolve(token),
        (v) => v === null,
      ),
    ).toBeNull();
  });

  it('ends every session of a user but the one kept', async () => {
    const b1 = await bus();
    const s = service(b1);
    const keep = await s.create(userId, false, {});
    const other = await s.create(userId, true, {});
    await s.endAllForUser(userId, keep.record.id);
    expect(await s.resolve(keep.token)).not.toBeNull();
    expect(await s.resolve(other.token)).toBeNull();
  });
});
