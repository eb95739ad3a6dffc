import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database, migrate } from '@lantern/db';
import type { Tracer } from '@opentelemetry/api';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/env.ts';

export const ORIGIN = 'http://localhost:3000';
/** Headers a browser page of ours sends on a state-changing request. */
export const BROWSER = { 'x-requested-with': 'XMLHttpRequest', origin: ORIGIN };

/**
 * A database of the test's own: in-memory PGlite by default, or a fresh schema on the
 * PostgreSQL server at DATABASE_URL (dropped on close), so tests never share mutable state.
 */
let template: Promise<Blob | undefined> | undefined;
/** The migrated cluster dumped by test/global-setup.ts, read once per test file. */
function pgliteTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject('pgliteTemplate');
    return file ? new Blob([await readFile(file)]) : undefined;
  })();
  return template;
}

export async function createTestDatabase(options: { tracer?: Tracer } = {}): Promise<{
  database: Database;
  schemaName: string | undefined;
  drop(): Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  const schemaName = url ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await createDatabase({
    url,
    schemaName,
    poolMax: 4,
    loadDataDir: url ? undefined : await pgliteTemplate(),
    tracer: options.tracer,
  });
  // Already migrated when it came from the template: then this only checks the journal.
  await migrate(database, schemaName);
  return {
    database,
    schemaName,
    async drop() {
      if (database.pool && schemaName)
        await database.pool.query(`DROP SCHEMA "${schemaName}" CASCADE`);
      await database.close();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const { config } = loadConfig({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-1234',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-test-')),
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: 'silent',
  });
  return { ...config, ...overrides };
}

export async function buildTestApp(overrides: Partial<Config> = {}) {
  const { database, drop } = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  await app.ready();
  return {
    app,
    database,
    async close() {
      const late = [...app.auditLateRoutes];
      await app.close();
      await drop();
      // A change whose activity row was not written in its own transaction (decision 068).
      if (late.length) throw new Error(`answered before their activity row: ${late.join(', ')}`);
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Listens on a free local port (sockets and real HTTP clients need one) and returns its URL. */
export async function listenLocally(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** The session cookie from a response, as a Cookie header value. */
export function sessionCookie(res: { cookies: Array<{ name: string; value: string }> }): string {
  const c = res.cookies.find((x) => x.name === 'lantern_session');
  if (!c) throw new Error('no session cookie');
  return `lantern_session=${c.value}`;
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${Date.now()}.${counter++}@example.com`;
}
