import {
  type TRealtimeEvent,
  type TRealtimeServerMessage,
  WS_CLOSE,
  ZRealtimeServerMessageSchema,
} from '@lantern/contracts';

export type EventHandler = (event: TRealtimeEvent) => void;

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
}

export interface RealtimeClientOptions {
  url: string;
  createSocket?: (url: string) => SocketLike;
  /** Logout arrived or the server closed the socket because the session ended. */
  onSessionEnded: () => void;
  /** Before each reconnect, e.g. ask /api/user so a 401 sends the browser to the login page. */
  beforeReconnect?: () => Promise<unknown>;
  /** After a reconnect: events may have been missed, so reload what they would have changed. */
  onReconnected?: () => void;
  initialDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

const CONNECTING = 0;
const OPEN = 1;

/**
 * One socket to /ws for the whole tab. Channels are subscribed while anyone listens; after a
 * dropped connection it reconnects with exponential backoff (with jitter, so a restarted server
 * is not hit by every tab at once) and subscribes again.
 */
export class RealtimeClient {
  private readonly options: Required<
    Omit<RealtimeClientOptions, 'beforeReconnect' | 'onReconnected'>
  > &
    Pick<RealtimeClientOptions, 'beforeReconnect' | 'onReconnected'>;
  private readonly handlers = new Map<string, Set<EventHandler>>();
  private socket: SocketLike | undefined;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private connectedOnce = false;
  private ended = false;

  constructor(options: RealtimeClientOptions) {
    this.options = {
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      initialDelayMs: 500,
      maxDelayMs: 30_000,
      random: Math.random,
      ...options,
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = undefined;
    if (!socket) return;
    socket.onmessage = null;
    // Closing a socket that is still connecting makes the browser log a warning (a page that
    // leaves the dashboard at once, issue 14): let it open, then close it.
    if (socket.readyState === CONNECTING) socket.onopen = () => socket.close(1000, 'done');
    else socket.close(1000, 'done');
  }

  /** Listen to a channel; returns the function that stops listening. */
  subscribe(channel: string, handler: EventHandler): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      this.send({ type: 'subscribe', channel });
    }
    set.add(handler);
    return () => {
      const current = this.handlers.get(channel);
      current?.delete(handler);
      if (current?.size === 0) {
        this.handlers.delete(channel);
        this.send({ type: 'unsubscribe', channel });
      }
    };
  }

  /** The delay before reconnect attempt `n` (0-based): doubling, capped, jittered 50–100%. */
  delayFor(n: number): number {
    const { initialDelayMs, maxDelayMs, random } = this.options;
    const full = Math.min(maxDelayMs, initialDelayMs * 2 ** n);
    return Math.round(full * (0.5 + random() / 2));
  }

  private send(message: object): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private connect(): void {
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      for (const channel of this.handlers.keys()) this.send({ type: 'subscribe', channel });
      if (this.connectedOnce) this.options.onReconnected?.();
      this.connectedOnce = true;
    };
    socket.onmessage = (ev) => this.receive(ev.data);
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = undefined;
      if (ev.code === WS_CLOSE.sessionEnded) this.sessionEnded();
      else if (this.running) this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    const delay = this.delayFor(this.attempt++);
    this.timer = setTimeout(() => {
      if (!this.running) return;
      const check = this.options.beforeReconnect?.() ?? Promise.resolve();
      check.then(
        () => this.running && this.connect(),
        () => this.running && this.scheduleReconnect(),
      );
    }, delay);
  }

  private receive(data: unknown): void {
    let message: TRealtimeServerMessage;
    try {
      message = ZRealtimeServerMessageSchema.parse(JSON.parse(String(data)));
    } catch {
      return;
    }
    if (message.type !== 'event') return;
    if (message.event === 'Logout') {
      this.sessionEnded();
      return;
    }
    const { channel, type: _type, ...event } = message;
    for (const handler of this.handlers.get(channel) ?? []) handler(event as TRealtimeEvent);
  }

  private sessionEnded(): void {
    if (this.ended) return;
    this.ended = true;
    this.stop();
    this.options.onSessionEnded();
  }
}
