import { type TRealtimeEvent, WS_CLOSE } from '@lantern/contracts';
import { type TChannel, userChannel } from '@lantern/domain';

/** One open socket, as the hub needs it (realtime.ts adapts a ws WebSocket to this). */
export interface RealtimeConnection {
  readonly userId: number;
  readonly userHash: string;
  readonly sessionId: string;
  readonly channels: Set<string>;
  send(data: string): void;
  close(code: number, reason: string): void;
}

/** Most channels one socket may hold: a user's own channel plus one per property. */
export const MAX_CHANNELS_PER_CONNECTION = 500;

/**
 * This instance's sockets, indexed by channel and by session, so delivering an event costs only
 * the sockets subscribed to its channel (5,000 idle sockets of other users cost nothing).
 * Cross-instance fan-out happens before this, on the bus (realtime.ts).
 */
export class RealtimeHub<C extends RealtimeConnection = RealtimeConnection> {
  private readonly byChannel = new Map<string, Set<C>>();
  private readonly bySession = new Map<string, Set<C>>();
  private readonly all = new Set<C>();

  /** Bumped by every revoke: a subscription check that straddled one must be run again. */
  revocations = 0;

  get size(): number {
    return this.all.size;
  }

  add(conn: C): void {
    this.all.add(conn);
    const set = this.bySession.get(conn.sessionId) ?? new Set();
    set.add(conn);
    this.bySession.set(conn.sessionId, set);
  }

  remove(conn: C): void {
    this.all.delete(conn);
    for (const channel of conn.channels) this.unsubscribe(conn, channel);
    const set = this.bySession.get(conn.sessionId);
    set?.delete(conn);
    if (set?.size === 0) this.bySession.delete(conn.sessionId);
  }

  /** False when the socket already holds the most channels it may. */
  subscribe(conn: C, channel: string): boolean {
    if (!this.all.has(conn)) return false;
    if (!conn.channels.has(channel) && conn.channels.size >= MAX_CHANNELS_PER_CONNECTION)
      return false;
    conn.channels.add(channel);
    const set = this.byChannel.get(channel) ?? new Set();
    set.add(conn);
    this.byChannel.set(channel, set);
    return true;
  }

  unsubscribe(conn: C, channel: string): void {
    conn.channels.delete(channel);
    const set = this.byChannel.get(channel);
    set?.delete(conn);
    if (set?.size === 0) this.byChannel.delete(channel);
  }

  /** Send an event to this instance's subscribers of `channel`; serialized once. */
  deliver(channel: TChannel | string, event: TRealtimeEvent): number {
    const set = this.byChannel.get(channel);
    if (!set?.size) return 0;
    const data = JSON.stringify({ type: 'event', channel, ...event });
    for (const conn of set) conn.send(data);
    return set.size;
  }

  /**
   * A user lost access to `channel` (removed from the property): their sockets stop hearing it
   * at once, and are told so, rather than keeping the subscription until they reconnect.
   */
  revoke(userId: number, channel: string): number {
    this.revocations++;
    const set = this.byChannel.get(channel);
    if (!set) return 0;
    let n = 0;
    for (const conn of [...set]) {
      if (conn.userId !== userId) continue;
      this.unsubscribe(conn, channel);
      conn.send(JSON.stringify({ type: 'unsubscribed', channel }));
      n++;
    }
    return n;
  }

  /**
   * Sessions ended (sign-out, password change): their sockets get Logout on their user channel
   * (when they listen to it) and are closed, so an ended session hears nothing more.
   */
  endSessions(ids: readonly string[]): void {
    for (const id of ids) {
      for (const conn of [...(this.bySession.get(id) ?? [])]) {
        const channel = userChannel(conn.userHash);
        if (conn.channels.has(channel)) {
          conn.send(JSON.stringify({ type: 'event', channel, event: 'Logout', data: {} }));
        }
        this.remove(conn);
        conn.close(WS_CLOSE.sessionEnded, 'session ended');
      }
    }
  }

  /** Every socket, e.g. to close them all when the bus lost events and clients must resync. */
  connections(): C[] {
    return [...this.all];
  }
}
