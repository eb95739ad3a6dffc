import { MESSAGES, WS_CLOSE } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, listenLocally, type TestApp } from './helpers/build-test-app.ts';
import {
  addProperty,
  type SignedIn,
  signInAgain,
  signUpUser,
} from './helpers/dashboard-fixtures.ts';
import { openSocket } from './helpers/ws-client.ts';

let t: TestApp;
let base: string;
let alice: SignedIn;
let bob: SignedIn;
beforeAll(async () => {
  t = await buildTestApp();
  base = await listenLocally(t);
  alice = await signUpUser(t.app, 'rt-alice');
  bob = await signUpUser(t.app, 'rt-bob');
});
afterAll(() => t.close());

describe('/ws upgrade', () => {
  it('refuses a socket without a session (401) and from another origin (403)', async () => {
    await expect(openSocket(base)).rejects.toMatchObject({ status: 401 });
    await expect(
      openSocket(base, { cookie: alice.cookie, origin: 'https://evil.example' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(openSocket(base, { cookie: alice.cookie, origin: null })).rejects.toMatchObject({
      status: 403,
    });
    await expect(
      openSocket(base, { cookie: 'lantern_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('answers a plain GET /ws with 404 (only upgrades are served there)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ws',
      headers: { cookie: alice.cookie, origin: BROWSER.origin },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('subscriptions', () => {
  it("allows the user's own channel and their properties' channels", async () => {
    const home = await addProperty(t.app, alice.userId);
    const ws = await openSocket(base, { cookie: alice.cookie });
    expect(await ws.subscribe(`user.${alice.hash}`)).toEqual({
      type: 'subscribed',
      channel: `user.${alice.hash}`,
    });
    expect(await ws.subscribe(`property.${home.hash}`)).toEqual({
      type: 'subscribed',
      channel: `property.${home.hash}`,
    });
    ws.close();
  });

  it("refuses another user's channels and made-up ones alike, with the same 404", async () => {
    const bobs = await addProperty(t.app, bob.userId);
    const ws = await openSocket(base, { cookie: alice.cookie });
    const strip = ({ channel: _c, ...rest }: Record<string, unknown>) => rest;
    const refusal = { type: 'error', status: 404, message: MESSAGES.notFound };
    expect(strip(await ws.subscribe(`user.${bob.hash}`))).toEqual(refusal);
    expect(strip(await ws.subscribe('user.AAAAAAAAAAAAAAAAAAAA'))).toEqual(refusal);
    expect(strip(await ws.subscribe(`property.${bobs.hash}`))).toEqual(refusal);
    expect(strip(await ws.subscribe('property.AAAAAAAAAAAAAAAAAAAA'))).toEqual(refusal);
    expect(strip(await ws.subscribe('presence.lobby'))).toEqual(refusal);

    // Refused channels deliver nothing.
    await t.app.realtime.publishToProperty(bobs.hash, {
      event: 'PropertyUpdated',
      data: { hash: bobs.hash, street_address_unit: 'secret' },
    });
    await expect(ws.next((m) => m.type === 'event', 300)).rejects.toThrow();
    ws.close();
  });

  it('answers a malformed message with 400 and keeps the socket open', async () => {
    const ws = await openSocket(base, { cookie: alice.cookie });
    ws.socket.send('not json');
    expect(await ws.next()).toMatchObject({ type: 'error', status: 400 });
    expect(await ws.subscribe(`user.${alice.hash}`)).toMatchObject({ type: 'subscribed' });
    ws.close();
  });
});

describe('delivery', () => {
  it('delivers user and property events to subscribers only, and stops after unsubscribe', async () => {
    const home = await addProperty(t.app, alice.userId);
    const ws = await openSocket(base, { cookie: alice.cookie });
    const other = await openSocket(base, { cookie: bob.cookie });
    await ws.subscribe(`user.${alice.hash}`);
    await ws.subscribe(`property.${home.hash}`);
    await other.subscribe(`user.${bob.hash}`);

    await t.app.realtime.publishToUser(alice.hash, {
      event: 'PropertyUserCreated',
      data: { hash: home.hash, street_address_unit: '1600 Main St', role: 'seller' },
    });
    expect(await ws.next((m) => m.type === 'event')).toEqual({
      type: 'event',
      channel: `user.${alice.hash}`,
      event: 'PropertyUserCreated',
      data: { hash: home.hash, street_address_unit: '1600 Main St', role: 'seller' },
    });
    await t.app.realtime.publishToProperty(home.hash, {
      event: 'PropertyUpdated',
      data: { hash: home.hash, street_address_unit: '1602 Main St' },
    });
    expect(await ws.next((m) => m.type === 'event')).toMatchObject({
      channel: `property.${home.hash}`,
      event: 'PropertyUpdated',
      data: { street_address_unit: '1602 Main St' },
    });
    await expect(other.next((m) => m.type === 'event', 200)).rejects.toThrow();

    ws.send({ type: 'unsubscribe', channel: `property.${home.hash}` });
    await ws.next((m) => m.type === 'unsubscribed');
    await t.app.realtime.publishToProperty(home.hash, {
      event: 'PropertyUpdated',
      data: { hash: home.hash, street_address_unit: 'again' },
    });
    await expect(ws.next((m) => m.type === 'event', 200)).rejects.toThrow();
    ws.close();
    other.close();
  });

  it('refuses to publish an event that does not match its contract', async () => {
    await expect(
      t.app.realtime.publishToUser(alice.hash, {
        event: 'PropertyUserCreated',
        data: { hash: 'x' },
      } as never),
    ).rejects.toThrow();
  });
});

describe('Logout', () => {
  it("signing out sends Logout on the user's channel to that session's sockets and closes them", async () => {
    const dana = await signUpUser(t.app, 'rt-dana');
    const otherBrowser = await signInAgain(t.app, dana.email);
    const tab1 = await openSocket(base, { cookie: dana.cookie });
    const tab2 = await openSocket(base, { cookie: dana.cookie });
    const elsewhere = await openSocket(base, { cookie: otherBrowser });
    for (const s of [tab1, tab2, elsewhere]) await s.subscribe(`user.${dana.hash}`);

    const res = await t.app.inject({
      method: 'POST',
      url: '/account/logout',
      headers: { ...BROWSER, cookie: dana.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    for (const tab of [tab1, tab2]) {
      expect(await tab.next((m) => m.type === 'event')).toEqual({
        type: 'event',
        channel: `user.${dana.hash}`,
        event: 'Logout',
        data: {},
      });
      expect((await tab.closed).code).toBe(WS_CLOSE.sessionEnded);
    }
    // Another browser's session is still signed in and keeps its socket.
    await expect(elsewhere.next((m) => m.type === 'event', 200)).rejects.toThrow();
    expect(elsewhere.socket.readyState).toBe(elsewhere.socket.OPEN);
    elsewhere.close();
    // The ended session cannot open a socket again.
    await expect(openSocket(base, { cookie: dana.cookie })).rejects.toMatchObject({ status: 401 });
  });
});
