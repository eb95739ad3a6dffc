import type { TRealtimeEvent } from '@lantern/contracts';
import { afterCommit, type Database } from '@lantern/db';
import { sql } from 'drizzle-orm';
import pg from 'pg';

/**
 * Every topic on the bus and what its messages carry (issue 13): a publish or a subscription
 * with another shape does not compile. Payloads travel as JSON between instances.
 */
export interface BusTopics {
  /** An event for the sockets subscribed to `channel`, on every instance (realtime.ts). */
  'realtime.event': { channel: string; event: TRealtimeEvent };
  /** This user no longer takes part in the property behind `channel`. */
  'realtime.revoke': { userId: number; channel: string };
  /** Something in the user's cached summary changed (flags, email, role, property count). */
  'user.changed': { userId: number };
  /** A staff role was edited or removed: every instance reads roles again. */
  'staff-role.changed': Record<string, never>;
  /** These sessions ended (sign-out, password change…): caches drop them, sockets close. */
  'session.ended': { ids: string[] };
  /** These API tokens were revoked (issue 25): every instance drops them from its cache. */
  'api-token.revoked': { ids: number[] };
  /**
   * Staff changed what the public footer shows (state notices, review ratings; decision 080):
   * every instance drops its cached copy and its kept pages.
   */
  'site-settings.changed': Record<string, never>;
  /**
   * Staff set a new mortgage rate (decision 090): every instance drops its cached rate and its
   * kept listing pages, whose payment estimate starts from it.
   */
  'mortgage-rate.changed': Record<string, never>;
  /** A listing was published, changed or taken off the public pages (its sitemap is made again). */
  'listings.changed': Record<string, never>;
}
export type BusTopic = keyof BusTopics;

type BusHandler = (payload: unknown) => void;

/**
 * Domain events fan out through this bus: locally on PGlite (one process), and through
 * PostgreSQL LISTEN/NOTIFY when several instances share a database.
 */
export interface EventBus {
  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void>;
  subscribe<T extends BusTopic>(topic: T, handler: (payload: BusTopics[T]) => void): () => void;
  /** Called after a lost connection is restored: events may have been missed, so caches must reset. */
  onReset(handler: () => void): () => void;
  /** Hears how long each message took from publish to delivery here, in seconds (metrics). */
  onDelivered(handler: (topic: BusTopic, lagSeconds: number) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL_PREFIX = 'lantern_bus';

class Dispatcher {
  private readonly topics = new Map<string, Set<BusHandler>>();
  private readonly resets = new Set<() => void>();
  private readonly delivered = new Set<(topic: BusTopic, lagSeconds: number) => void>();

  subscribe(topic: string, handler: BusHandler) {
    const set = this.topics.get(topic) ?? new Set<BusHandler>();
    this.topics.set(topic, set);
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.topics.delete(topic);
    };
  }
  onReset(handler: () => void) {
    this.resets.add(handler);
    return () => void this.resets.delete(handler);
  }
  onDelivered(handler: (topic: BusTopic, lagSeconds: number) => void) {
    this.delivered.add(handler);
    return () => void this.delivered.delete(handler);
  }
  /** `sentAt`: the publisher's clock (ms); instances' clocks are assumed in step (NTP). */
  dispatch(topic: string, payload: unknown, sentAt: number) {
    const lag = Math.max(0, Date.now() - sentAt) / 1000;
    for (const handler of this.delivered) handler(topic as BusTopic, lag);
    for (const handler of this.topics.get(topic) ?? []) handler(payload);
  }
  reset() {
    for (const handler of this.resets) handler();
  }
}

export function createLocalBus(): EventBus {
  const d = new Dispatcher();
  return {
    async publish(topic, payload) {
      // Deliver after the publisher's own work (and its unit of work's commit), as a remote
      // delivery would.
      await afterCommit(() => {
        const sentAt = Date.now();
        queueMicrotask(() => d.dispatch(topic, payload, sentAt));
      });
    },
    subscribe: (t, h) => d.subscribe(t, h as BusHandler),
    onReset: (h) => d.onReset(h),
    onDelivered: (h) => d.onDelivered(h),
    async close() {},
  };
}

interface Logger {
  warn(obj: unknown, msg?: string): void;
  error(obj: unknown, msg?: string): void;
}

export async function createPostgresBus(database: Database, log: Logger): Promise<EventBus> {
  const clientConfig = database.clientConfig;
  if (!clientConfig) throw new Error('The PostgreSQL bus needs a PostgreSQL database.');
  // One channel per schema, so test workers sharing a database never hear each other.
  const channel = database.schemaName ? `${CHANNEL_PREFIX}_${database.schemaName}` : CHANNEL_PREFIX;
  const d = new Dispatcher();
  let client: pg.Client | undefined;
  let closed = false;
  let retry = 0;

  const connect = async (): Promise<void> => {
    const c = new pg.Client(clientConfig);
    c.on('notification', (msg) => {
      if (msg.channel !== channel || !msg.payload) return;
      try {
        const { t, p, at } = JSON.parse(msg.payload) as { t: string; p: unknown; at: number };
        d.dispatch(t, p, at);
      } catch (err) {
        log.error({ err }, 'bad bus notification');
      }
    });
    c.on('error', (err) => log.warn({ err }, 'bus connection error'));
    c.on('end', () => {
      if (closed) return;
      client = undefined;
      const delay = Math.min(30_000, 250 * 2 ** retry++);
      setTimeout(() => void reconnect(), delay).unref();
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
    retry = 0;
  };
  const reconnect = async () => {
    try {
      await connect();
      d.reset();
    } catch (err) {
      log.warn({ err }, 'bus reconnect failed');
      const delay = Math.min(30_000, 250 * 2 ** retry++);
      setTimeout(() => void reconnect(), delay).unref();
    }
  };
  await connect();

  return {
    async publish(topic, payload) {
      // Through the database handle, so inside a unit of work the notice is part of its
      // transaction: PostgreSQL delivers it at the commit, and never for a rollback.
      const message = JSON.stringify({ t: topic, p: payload, at: Date.now() });
      // A savepoint: a failed notice (which callers may forgive) leaves the unit of work usable.
      await database.db.transaction((tx) =>
        tx.execute(sql`select pg_notify(${channel}, ${message})`),
      );
    },
    subscribe: (t, h) => d.subscribe(t, h as BusHandler),
    onReset: (h) => d.onReset(h),
    onDelivered: (h) => d.onDelivered(h),
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
