import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase } from '@lantern/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { BROWSER, createTestDatabase, testConfig } from './helpers/build-test-app.ts';
import { signUpUser } from './helpers/dashboard-fixtures.ts';
import { type Instance, startInstance, waitFor } from './helpers/server-process.ts';
import { giveStaffRole } from './helpers/staff.ts';

/** A page's footer as text. */
const footerText = (html: string) =>
  html
    .slice(html.indexOf('<footer'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

const url = process.env.DATABASE_URL;

/**
 * Two API instances on one PostgreSQL database (docs/decisions/080): a notice staff add on one
 * is in the footer of the other's kept and data pages at once, the bus having dropped its cached
 * copy and its kept pages.
 */
describe.skipIf(!url)('state notices on two instances sharing PostgreSQL', () => {
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

  const footerOn = async (app: typeof a, path: string) => {
    const res = await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    return footerText(res.body);
  };

  it('drops the other instance’s cache and kept pages when staff add a notice', async () => {
    // Kept on b, and the footer's data cached on b, before the change.
    for (const path of ['/newsletter', '/newsletter', '/'])
      expect(await footerOn(b, path)).not.toContain('New York:');

    const staff = await signUpUser(a, 'st-multi');
    await giveStaffRole(a, staff.userId, 'owner');
    const res = await a.inject({
      method: 'POST',
      url: '/api/admin/site-trust/notices',
      headers: { ...BROWSER, cookie: staff.cookie },
      payload: { state: 'NY', label: 'Fair Housing Notice', url: 'https://example.org/fhn.pdf' },
    });
    expect(res.statusCode).toBe(201);

    // LISTEN/NOTIFY delivers in milliseconds; nothing else could change b's kept page.
    await waitFor(async () => (await footerOn(b, '/newsletter')).includes('New York:'), 10_000);
    expect(await footerOn(b, '/')).toContain('New York: Fair Housing Notice');
  });
});

/**
 * The brokerage's licenses come from the server's environment when it starts, not from the
 * build: a server started with BROKERAGE_LICENSES names them in the footer of a kept page and of
 * a data page. The settings do not depend on the database: the PostgreSQL suite skips it.
 */
describe.skipIf(Boolean(url))('brokerage licenses from the server’s settings', () => {
  let instance: Instance;
  beforeAll(async () => {
    instance = await startInstance(undefined, mkdtempSync(join(tmpdir(), 'lantern-trust-')), {
      WEB_DIST: join(import.meta.dirname, '..', '..', 'web', 'dist'),
      BROKERAGE_LICENSES: 'TX 9001234, NY 10491200000',
    });
  }, 180_000);
  afterAll(() => {
    if (instance?.child.exitCode === null) instance.child.kill('SIGKILL');
  });

  it('shows them in the footer of a kept page and of a data page', async () => {
    for (const path of ['/newsletter', '/newsletter', '/']) {
      const res = await fetch(`${instance.base}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(footerText(await res.text())).toContain(
        'Brokerage licenses: TX 9001234 · NY 10491200000',
      );
    }
  });
});
