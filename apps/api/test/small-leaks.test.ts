import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { MESSAGES } from '@lantern/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestDatabase, testConfig } from './helpers/build-test-app.ts';
import { type SignedIn, signUpUser } from './helpers/dashboard-fixtures.ts';
import { openSocket } from './helpers/ws-client.ts';

/** Issue 12, item 7: cacheable private answers, Fastify's raw errors, noisy socket faults. */
const lines: Array<{
  level: number;
  msg: string;
  err?: unknown;
  reqId?: string;
  req?: { url: string };
}> = [];
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

  it('answers a request that is not HTTP with the security headers too (issue 41)', async () => {
    const { port } = new URL(base);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('NOT HTTP\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => {
        text += String(chunk);
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/\r\ncontent-security-policy: [^\r]*frame-ancestors 'none'/i);
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(answer).toMatch(/\r\nreferrer-policy: strict-origin-when-cross-origin\r\n/i);
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

  it('redacts query values that often carry secrets from logged URLs (issue 41)', async () => {
    const secrets = [
      'token',
      'TOKEN',
      'apikey',
      'api_key',
      'jwt',
      'session',
      'Auth',
      'password',
      'code',
      'key',
      'signature',
    ];
    const query = secrets.map((name, i) => `${name}=s3cr3t${i}`).join('&');
    const res = await app.inject({ method: 'GET', url: `/api/health?${query}&x=1` });
    const logged = lines.filter((l) => l.reqId === res.headers['x-request-id']);
    const url = logged.find((l) => l.req)?.req?.url ?? '';
    expect(url).toMatch(/^\/api\/health\?token=\[redacted\]&/);
    expect(url).toContain('&x=1');
    expect(JSON.stringify(logged)).not.toContain('s3cr3t');
  });

  it('logs one short line for a batch of violation reports (issue 41)', async () => {
    const batch = Array.from({ length: 18 }, (_, i) => ({
      type: 'csp-violation',
      body: {
        documentURL: `http://localhost:3000/page-${i}`,
        effectiveDirective: 'img-src',
        blockedURL: 'https://elsewhere.example/x.png',
      },
    }));
    const res = await app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify(batch),
    });
    expect(res.statusCode).toBe(204);
    const warnings = lines.filter((l) => l.reqId === res.headers['x-request-id'] && l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0]).length).toBeLessThan(600);
  });
});
