import { WS_CLOSE } from '@lantern/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type SocketLike } from './realtime-client.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
let ended: ReturnType<typeof vi.fn>;
let reconnected: ReturnType<typeof vi.fn>;
function client(beforeReconnect?: () => Promise<unknown>) {
  return new RealtimeClient({
    url: 'ws://test/ws',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    onSessionEnded: ended,
    onReconnected: reconnected,
    ...(beforeReconnect ? { beforeReconnect } : {}),
    random: () => 1,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  ended = vi.fn();
  reconnected = vi.fn();
});
afterEach(() => vi.useRealTimers());

describe('RealtimeClient', () => {
  it('subscribes on open and delivers events of a channel to its listeners', () => {
    const c = client();
    const heard: unknown[] = [];
    c.subscribe('user.U', (e) => heard.push(e));
    c.start();
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([{ type: 'subscribe', channel: 'user.U' }]);
    const data = { hash: 'P', street_address_unit: '1 Main St', role: 'seller' };
    sockets[0]?.receive({ type: 'event', channel: 'user.U', event: 'PropertyUserCreated', data });
    sockets[0]?.receive({ type: 'event', channel: 'user.X', event: 'PropertyUserCreated', data });
    expect(heard).toEqual([{ event: 'PropertyUserCreated', data }]);
  });

  it('unsubscribes when the last listener of a channel leaves', () => {
    const c = client();
    c.start();
    sockets[0]?.open();
    const off1 = c.subscribe('property.P', () => {});
    const off2 = c.subscribe('property.P', () => {});
    off1();
    expect(sockets[0]?.sent).toEqual([{ type: 'subscribe', channel: 'property.P' }]);
    off2();
    expect(sockets[0]?.sent.at(-1)).toEqual({ type: 'unsubscribe', channel: 'property.P' });
  });

  it('reconnects with doubling delays after a drop, subscribes again and reports the reconnect', async () => {
    const check = vi.fn(() => Promise.resolve());
    const c = client(check);
    c.subscribe('user.U', () => {});
    c.start();
    sockets[0]?.open();
    sockets[0]?.drop();
    expect(c.delayFor(0)).toBe(500);
    expect(c.delayFor(1)).toBe(1000);
    expect(c.delayFor(20)).toBe(30_000);
    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop(); // failed again before opening: the next wait is longer
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    sockets[2]?.open();
    expect(sockets[2]?.sent).toEqual([{ type: 'subscribe', channel: 'user.U' }]);
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('ends the session on Logout and on close 4401, once, without reconnecting', async () => {
    const c = client();
    c.start();
    sockets[0]?.open();
    sockets[0]?.receive({ type: 'event', channel: 'user.U', event: 'Logout', data: {} });
    expect(ended).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);

    const d = client();
    d.start();
    sockets[1]?.open();
    sockets[1]?.drop(WS_CLOSE.sessionEnded);
    expect(ended).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(2);
  });

  it('stops for good when stopped', async () => {
    const c = client();
    c.start();
    sockets[0]?.open();
    c.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
    expect(ended).not.toHaveBeenCalled();
  });
});
