import type { WebSocket } from 'ws';
import type { RealtimeConnection } from './realtime-hub.ts';

/** A socket that falls this far behind (bytes queued) is dropped rather than buffered forever. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface ConnectionOwner {
  userId: number;
  userHash: string;
  sessionId: string;
  /** The session cookie token, kept in memory only to re-check the session now and then. */
  token: string;
}

/** A ws WebSocket as the hub sees it, plus what the heartbeat and session re-check need. */
export class SocketConnection implements RealtimeConnection {
  readonly channels = new Set<string>();
  readonly userId: number;
  readonly userHash: string;
  readonly sessionId: string;
  readonly token: string;
  /** Cleared at each heartbeat ping, set again by the pong. */
  alive = true;
  private readonly socket: WebSocket;

  constructor(socket: WebSocket, owner: ConnectionOwner) {
    this.socket = socket;
    this.userId = owner.userId;
    this.userHash = owner.userHash;
    this.sessionId = owner.sessionId;
    this.token = owner.token;
  }

  send(data: string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    this.socket.send(data);
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
  }

  /** Ping; a socket that did not answer the previous ping is terminated. */
  heartbeat(): void {
    if (!this.alive) {
      this.socket.terminate();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }
}
