import { PATHS } from '@lantern/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/features/auth/throttle/limits.ts';
import { BROWSER, buildTestApp, type TestApp, uniqueEmail } from './helpers/build-test-app.ts';
import { addProperty, signUpUser } from './helpers/dashboard-fixtures.ts';
import { openSocket, type TestSocket } from './helpers/ws-client.ts';

/**
 * Issue 12, item 6: the throttles added beside the existing ones, each answering 429 with
 * Retry-After once its allowance is used. (Counters live in the database, shared by instances:
 * multi-instance.test.ts shows that across two instances.)
 */
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await t.close();
});

let ip = 1;
const post = (url: string, payload: object, cookie?: string, remoteAddress = `10.7.0.${ip++}`) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: cookie ? { ...BROWSER, cookie } : BROWSER,
    remoteAddress,
    payload,
  });

function expectRefused(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): { message: string };
}) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.json().message).toMatch(
    /^Too many attempts\. Please wait \d+ seconds? and try again\.$/,
  );
}

describe('throttles', () => {
  it('stops one address trying many accounts: 20 failed sign-ins per IP in 10 minutes', async () => {
    const address = '10.8.0.1';
    for (let i = 0; i < LIMITS.signInFailuresPerIp.max; i++) {
      const res = await post(
        PATHS.login,
        { email: uniqueEmail('spray'), password: 'wrong one' },
        undefined,
        address,
      );
      expect(res.statusCode).toBe(422);
    }
    // A real account is refused too from that address; another address is unaffected.
    const victim = await signUpUser(t.app, 'spray-victim');
    expectRefused(
      await post(
        PATHS.login,
        { email: victim.email, password: 'a long and unusual passphrase' },
        undefined,
        address,
      ),
    );
    const elsewhere = await post(
      PATHS.login,
      { email: victim.email, password: 'a long and unusual passphrase' },
      undefined,
      '10.8.0.2',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('allows 30 messages a minute per user', async () => {
    const me = await signUpUser(t.app, 'chatty');
    const home = await addProperty(t.app, me.userId);
    for (let i = 0; i < LIMITS.messages.max; i++) {
      expect(
        (await post('/api/messages', { property: home.hash, body: `m${i}` }, me.cookie)).statusCode,
      ).toBe(201);
    }
    expectRefused(
      await post('/api/messages', { property: home.hash, body: 'one more' }, me.cookie),
    );
  });

  it('allows 20 new properties an hour per user', async () => {
    const me = await signUpUser(t.app, 'builder');
    const add = (n: number) =>
      post(
        '/user/add-property',
        {
          propertyLocation: 'address',
          transactionRole: 'seller',
          propertyAddress: {
            apn: '',
            streetAddress: `${100 + n} Main St`,
            unit: '',
            city: 'Springfield',
            county: 'Sangamon County',
            state: 'IL',
            zipCode: '62701',
            placeData: { confirmedJson: true, lat: 39.8, lng: -89.65, json: '', viewport: null },
          },
        },
        me.cookie,
      );
    for (let i = 0; i < LIMITS.newProperties.max; i++) expect((await add(i)).statusCode).toBe(200);
    expectRefused(await add(99));
  });

  it('allows 10 tries of a coupon code an hour per user', async () => {
    const me = await signUpUser(t.app, 'couponer');
    const home = await addProperty(t.app, me.userId);
    const order = (code: string) =>
      post(
        '/api/dashboard/orders',
        { property: home.hash, product: 'mls-listing-state', coupon: code },
        me.cookie,
      );
    for (let i = 0; i < LIMITS.couponTries.max; i++) {
      const res = await order(`GUESS${i}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.coupon).toBeDefined();
    }
    expectRefused(await order('GUESS99'));
  });

  it('allows 10 open sockets per session, and a closed one frees its place', async () => {
    const me = await signUpUser(t.app, 'tabs');
    const open: TestSocket[] = [];
    for (let i = 0; i < LIMITS.openSockets.max; i++)
      open.push(await openSocket(base, { cookie: me.cookie }));
    await expect(openSocket(base, { cookie: me.cookie })).rejects.toMatchObject({ status: 429 });
    // Another session of the same user has its own allowance.
    const other = await t.app.inject({
      method: 'POST',
      url: PATHS.login,
      headers: BROWSER,
      payload: { email: me.email, password: 'a long and unusual passphrase' },
    });
    const otherCookie = `lantern_session=${other.cookies.find((c) => c.name === 'lantern_session')?.value}`;
    (await openSocket(base, { cookie: otherCookie })).close();
    const first = open.shift();
    first?.close();
    await first?.closed;
    await waitFor(async () => {
      try {
        open.push(await openSocket(base, { cookie: me.cookie }));
        return true;
      } catch {
        return false;
      }
    });
    for (const s of open) s.close();
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}
