import { MESSAGE_MAX_LENGTH, MESSAGE_TEXTS, MESSAGES } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER, buildTestApp, type TestApp } from './helpers/build-test-app.ts';
import { addProperty, type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { giveStaffRole } from './helpers/staff.ts';
import { openSocket } from './helpers/ws-client.ts';

let t: TestApp;
let base: string;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  base = `http://127.0.0.1:${address.port}`;
  admin = await signUpUser(t.app, 'staff');
  await giveStaffRole(t.app, admin.userId, 'owner');
});
afterAll(() => t.close());

const get = (who: SignedIn, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
const post = (who: SignedIn, url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: { ...BROWSER, cookie: who.cookie }, payload });

describe('messages', () => {
  it('sends, lists and counts unread per thread and in total', async () => {
    const alice = await signUpUser(t.app, 'alice');
    const home = await addProperty(t.app, alice.userId);
    const other = await addProperty(t.app, alice.userId, 'buyer', { street: '2 Elm St' });

    // A control character other than a line break or tab is refused in words, not stored.
    const refused = await post(alice, '/api/messages', { property: home.hash, body: 'a\u0000b' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.body).toEqual([MESSAGES.controlCharacters]);

    const sent = await post(alice, '/api/messages', {
      property: home.hash,
      body: '  Hello <b>there</b>\r\nsecond line\t  ',
    });
    expect(sent.statusCode).toBe(201);
    // Plain text, kept as typed (markup is escaped by whoever shows it), line breaks normalised.
    expect(sent.json()).toMatchObject({
      body: 'Hello <b>there</b>\nsecond line',
      property: home.hash,
      fromStaff: false,
      authorHash: alice.hash,
      author: alice.email,
    });

    // Staff answer; Alice has one unread, her own message never counts.
    const reply = await post(admin, '/api/admin/messages', { property: home.hash, body: 'Hi!' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ fromStaff: true, author: 'Lantern team' });

    const threads = await get(alice, '/api/messages/threads');
    expect(threads.json()).toMatchObject({
      totalUnread: 1,
      threads: [
        { property: home.hash, unread: 1, lastMessage: { body: 'Hi!' } },
        { property: other.hash, unread: 0, lastMessage: null, streetAddress: '2 Elm St' },
      ],
    });
    const thread = await get(alice, `/api/messages?property=${home.hash}`);
    expect(thread.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'Hello <b>there</b>\nsecond line',
      'Hi!',
    ]);
    expect(
      (await post(alice, '/api/messages/read', { property: home.hash, upTo: reply.json().hash }))
        .statusCode,
    ).toBe(204);
    expect((await get(alice, '/api/messages/threads')).json().totalUnread).toBe(0);
  });

  it('keeps threads to their participants (404 for another user, same as unknown)', async () => {
    const alice = await signUpUser(t.app, 'alice');
    const mallory = await signUpUser(t.app, 'mallory');
    const home = await addProperty(t.app, alice.userId);
    const notFound = { message: MESSAGES.notFound };
    expect((await get(mallory, `/api/messages?property=${home.hash}`)).json()).toEqual(notFound);
    expect(
      (await post(mallory, '/api/messages', { property: home.hash, body: 'x' })).json(),
    ).toEqual(notFound);
    expect((await get(mallory, '/api/messages?property=AAAAAAAAAAAAAAAAAAAA')).json()).toEqual(
      notFound,
    );
    const mine = await post(alice, '/api/messages', { property: home.hash, body: 'mine' });
    expect(
      (await post(mallory, '/api/messages/read', { property: home.hash, upTo: mine.json().hash }))
        .statusCode,
    ).toBe(404);
    expect((await get(mallory, '/api/messages/threads')).json()).toEqual({
      threads: [],
      totalUnread: 0,
    });
    expect((await get({ ...alice, cookie: '' }, '/api/messages/threads')).statusCode).toBe(401);
  });

  it('rejects empty, whitespace-only and over-long bodies', async () => {
    const alice = await signUpUser(t.app, 'alice');
    const home = await addProperty(t.app, alice.userId);
    for (const [body, text] of [
      ['', MESSAGE_TEXTS.empty],
      [' \n\t ', MESSAGE_TEXTS.empty],
      ['x'.repeat(MESSAGE_MAX_LENGTH + 1), MESSAGE_TEXTS.tooLong],
    ] as const) {
      const res = await post(alice, '/api/messages', { property: home.hash, body });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.body).toEqual([text]);
    }
    expect((await post(alice, '/api/messages', { property: home.hash, body: 42 })).statusCode).toBe(
      422,
    );
  });

  it('lists every thread only for admins; others get 403', async () => {
    const alice = await signUpUser(t.app, 'alice');
    const home = await addProperty(t.app, alice.userId);
    await post(alice, '/api/messages', { property: home.hash, body: 'Anyone there?' });
    for (const res of [
      await get(alice, '/api/admin/messages/threads'),
      await get(alice, `/api/admin/messages?property=${home.hash}`),
      await post(alice, '/api/admin/messages', { property: home.hash, body: 'fake staff' }),
    ]) {
      expect(res.statusCode).toBe(403);
    }
    const all = await get(admin, '/api/admin/messages/threads');
    expect(all.statusCode).toBe(200);
    expect(all.json().threads[0]).toMatchObject({
      property: home.hash,
      unread: 1,
      lastMessage: { body: 'Anyone there?' },
    });
    expect((await get(admin, `/api/admin/messages?property=${home.hash}`)).statusCode).toBe(200);
  });

  it('delivers MessageCreated live on the property channel, also to staff', async () => {
    const alice = await signUpUser(t.app, 'alice');
    const home = await addProperty(t.app, alice.userId);
    const tab = await openSocket(base, { cookie: alice.cookie });
    const staff = await openSocket(base, { cookie: admin.cookie });
    expect((await tab.subscribe(`property.${home.hash}`)).type).toBe('subscribed');
    expect((await staff.subscribe(`property.${home.hash}`)).type).toBe('subscribed');
    await post(admin, '/api/admin/messages', { property: home.hash, body: 'live' });
    for (const ws of [tab, staff]) {
      expect(await ws.next((m) => m.event === 'MessageCreated')).toMatchObject({
        channel: `property.${home.hash}`,
        data: { body: 'live', fromStaff: true },
      });
      ws.close();
    }
  });
});
