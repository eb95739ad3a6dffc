import { createDatabase } from '@lantern/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  BROWSER,
  createTestDatabase,
  sessionCookie,
  testConfig,
  uniqueEmail,
} from './helpers/build-test-app.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log(
    'multi-instance tests skipped: they need a PostgreSQL server shared by two instances (set DATABASE_URL).',
  );
}

/** Two API instances on one PostgreSQL database, as behind the reverse proxy in infra/. */
describe.skipIf(!url)('two instances sharing PostgreSQL', () => {
  let shared: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: Awaited<ReturnType<typeof buildApp>>;
  let b: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    shared = await createTestDatabase();
    const second = await createDatabase({ url, schemaName: shared.schemaName, poolMax: 4 });
    const config = testConfig();
    a = await buildApp({ config, database: shared.database, logger: false });
    b = await buildApp({ config, database: second, logger: false });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await b?.database.close();
    await shared?.drop();
  });

  it('a session made on one instance works on the other, and ends on both when signed out on one', async () => {
    const res = await a.inject({
      method: 'POST',
      url: '/account/sign-up',
      headers: BROWSER,
      payload: { email: uniqueEmail('multi'), password: 'two instances passphrase' },
    });
    const cookie = sessionCookie(res);
    expect(
      (await b.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode,
    ).toBe(200);
    expect(
      (await a.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode,
    ).toBe(200);

    await b.inject({
      method: 'POST',
      url: '/account/logout',
      headers: { ...BROWSER, cookie },
      payload: {},
    });

    let status = 200;
    for (let i = 0; i < 100 && status === 200; i++) {
      status = (await a.inject({ method: 'GET', url: '/api/user', headers: { cookie } }))
        .statusCode;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });

  it('shares sign-in throttling counters between instances', async () => {
    const email = uniqueEmail('multi-throttle');
    for (let i = 0; i < 5; i++) {
      const app = i % 2 ? a : b;
      await app.inject({
        method: 'POST',
        url: '/account/login',
        headers: BROWSER,
        payload: { email, password: `wrong ${i}` },
      });
    }
    const blocked = await a.inject({
      method: 'POST',
      url: '/account/login',
      headers: BROWSER,
      payload: { email, password: 'wrong again' },
    });
    expect(blocked.statusCode).toBe(429);
  });
});
