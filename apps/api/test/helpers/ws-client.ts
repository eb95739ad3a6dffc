import WebSocket from 'ws';
import { ORIGIN } from './build-test-app.ts';

export interface TestSocket {
  socket: WebSocket;
  /** The next message matching `match` (already received or still to come). */
  next(
    match?: (msg: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  send(msg: unknown): void;
  /** Subscribe and wait for the server's answer to that channel. */
  subscribe(channel: string): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Open /ws on a listening test app as a browser page of ours would. */
export function openSocket(
  baseUrl: string,
  { cookie, origin = ORIGIN }: { cookie?: string; origin?: string | null } = {},
): Promise<TestSocket> {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers });
  const received: Record<string, unknown>[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(data.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const api: TestSocket = {
    socket,
    closed,
    async next(match = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const i = received.findIndex(match);
        if (i >= 0) return received.splice(i, 1)[0] as Record<string, unknown>;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching message; got ${JSON.stringify(received)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    send: (msg) => socket.send(JSON.stringify(msg)),
    subscribe(channel) {
      api.send({ type: 'subscribe', channel });
      return api.next(
        (m) => m.channel === channel && (m.type === 'subscribed' || m.type === 'error'),
      );
    },
    close: () => socket.close(),
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(api));
    socket.once('unexpected-response', (_req, res) =>
      reject(
        Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode }),
      ),
    );
    socket.once('error', reject);
  });
}
