import { createDatabase, propertyParticipants } from '@lantern/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { LIMITS } from '../src/features/auth/throttle/limits.ts';
import { BROWSER, createTestDatabase, testConfig } from './helpers/build-test-app.ts';
import { addProperty, signUpUser } from './helpers/dashboard-fixtures.ts';
import { openSocket } from './helpers/ws-client.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log(
    'realtime multi-instance tests skipped: two instances need a shared PostgreSQL server for LISTEN/NOTIFY (set DATABASE_URL).',
  );
}

/** Two API instances on one PostgreSQL database: an event published on one reaches a socket on the other. */
describe.skipIf(!url)('realtime across two instances sharing PostgreSQL', () => {
  let shared: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: Awaited<ReturnType<typeof buildApp>>;
  let b: Awaited<ReturnType<typeof buildApp>>;
  let baseA = '';
  let baseB = '';

  beforeAll(async () => {
    shared = await createTestDatabase();
    const second = await createDatabase({ url, schemaName: shared.schemaName, poolMax: 4 });
    const config = testConfig();
    a = await buildApp({ config, database: shared.database, logger: false });
    b = await buildApp({ config, database: second, logger: false });
    const listen = async (app: typeof a) => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('not listening');
      return `http://127.0.0.1:${address.port}`;
    };
    baseA = await listen(a);
    baseB = await listen(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await b?.database.close();
    await shared?.drop();
  });

  it('counts a session’s open sockets across both instances (10 in all)', async () => {
    const user = await signUpUser(a, 'multi-tabs');
    const sockets = [];
    for (let i = 0; i < LIMITS.openSockets.max; i++) {
      sockets.push(await openSocket(i % 2 ? baseA : baseB, { cookie: user.cookie }));
    }
    await expect(openSocket(baseA, { cookie: user.cookie })).rejects.toMatchObject({ status: 429 });
    await expect(openSocket(baseB, { cookie: user.cookie })).rejects.toMatchObject({ status: 429 });
    for (const s of sockets) s.close();
  });

  it('delivers PropertyUserCreated and PropertyUpdated published on A to a socket on B', async () => {
    const user = await signUpUser(a, 'multi-rt');
    const home = await addProperty(a, user.userId);
    const ws = await openSocket(baseB, { cookie: user.cookie });
    await ws.subscribe(`user.${user.hash}`);
    expect(await ws.subscribe(`property.${home.hash}`)).toMatchObject({ type: 'subscribed' });

    await a.realtime.publishToUser(user.hash, {
      event: 'PropertyUserCreated',
      data: { hash: home.hash, street_address_unit: '1600 Main St', role: 'seller' },
    });
    expect(await ws.next((m) => m.type === 'event')).toMatchObject({
      event: 'PropertyUserCreated',
      data: { hash: home.hash },
    });
    await a.realtime.publishToProperty(home.hash, {
      event: 'PropertyUpdated',
      data: { hash: home.hash, street_address_unit: '1602 Main St' },
    });
    expect(await ws.next((m) => m.type === 'event')).toMatchObject({ event: 'PropertyUpdated' });
    ws.close();
  });

  it('signing out on A sends Logout to the socket on B and closes it', async () => {
    const user = await signUpUser(a, 'multi-logout');
    const ws = await openSocket(baseB, { cookie: user.cookie });
    await ws.subscribe(`user.${user.hash}`);
    await a.inject({
      method: 'POST',
      url: '/account/logout',
      headers: { ...BROWSER, cookie: user.cookie },
      payload: {},
    });
    expect(await ws.next((m) => m.type === 'event')).toMatchObject({ event: 'Logout' });
    expect((await ws.closed).code).toBe(4401);
  });

  it('removing a participant on A ends their subscription on B at once (issue 6)', async () => {
    const owner = await signUpUser(a, 'multi-remover');
    const guest = await signUpUser(a, 'multi-removed');
    const home = await addProperty(a, owner.userId);
    await a.db.insert(propertyParticipants).values({
      propertyId: home.id,
      userId: guest.userId,
      role: 'buyer',
      canEdit: false,
    });
    const ws = await openSocket(baseB, { cookie: guest.cookie });
    expect(await ws.subscribe(`property.${home.hash}`)).toMatchObject({ type: 'subscribed' });
    const res = await a.inject({
      method: 'DELETE',
      url: `/api/dashboard/participants/${guest.hash}?property=${home.hash}`,
      headers: { ...BROWSER, cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await ws.next((m) => m.type === 'unsubscribed')).toEqual({
      type: 'unsubscribed',
      channel: `property.${home.hash}`,
    });
    ws.close();
  });

  it("refuses another user's property channel on B exactly like a made-up one", async () => {
    const owner = await signUpUser(a, 'multi-owner');
    const stranger = await signUpUser(a, 'multi-stranger');
    const home = await addProperty(a, owner.userId);
    const ws = await openSocket(baseB, { cookie: stranger.cookie });
    const theirs = await ws.subscribe(`property.${home.hash}`);
    const madeUp = await ws.subscribe('property.AAAAAAAAAAAAAAAAAAAA');
    expect(theirs).toMatchObject({ type: 'error', status: 404 });
    expect({ ...madeUp, channel: '' }).toEqual({ ...theirs, channel: '' });
    ws.close();
  });
});
