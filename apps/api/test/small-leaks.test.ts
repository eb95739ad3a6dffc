import { Writable } from 'node:stream';
import { MESSAGES } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestDatabase, testConfig } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { openSocket } from './helpers/ws-client.ts';

/** Issue 12, item 7: cacheable private answers, Fastify's raw errors, noisy socket faults. */
const lines: Array<{ level: number; msg: string; err?: unknown }> = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let app: Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
let base: string;
let me: SignedIn;

beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  app = await buildApp({
    config: testConfig(),
    database: db.database,
    logger: { level: 'info', stream },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  me = await signUpUser(app, 'leaks');
});
afterAll(async () => {
  await app.close();
  await drop();
});

describe('smaller leaks', () => {
  it('marks signed-in JSON answers private and not to be stored', async () => {
    for (const url of ['/api/user', '/api/dashboard/user-properties', '/api/account']) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie: me.cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const refused = await app.inject({
      method: 'GET',
      url: '/api/dashboard/property?property=nope',
      headers: { cookie: me.cookie },
    });
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('answers a URL that cannot be decoded with the documented 400 shape', async () => {
    for (const url of ['/%E0%A4%A', '/api/%zz', '/dashboard/%E0%A4%A']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: MESSAGES.badUrl });
    }
  });

  it('closes a socket that sends an oversized frame with a warning, not an error', async () => {
    const ws = await openSocket(base, { cookie: me.cookie });
    const before = lines.length;
    ws.socket.send('x'.repeat(10_000));
    expect((await ws.closed).code).toBe(1009);
    await new Promise((r) => setTimeout(r, 100));
    const logged = lines.slice(before);
    expect(logged.some((l) => l.level === 40 && /socket/.test(l.msg))).toBe(true);
    expect(logged.filter((l) => l.level >= 50)).toEqual([]);
  });
});
