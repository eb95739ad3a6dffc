// `node apps/api/src/cli/openapi-v1.ts` prints the public API's OpenAPI document
// (GET /api/v1/openapi.json) as JSON. `pnpm --filter @lantern/api-client generate` turns it into
// the client's types; test/api-client-generated.test.ts checks they are not stale. The app is
// built in this process on an in-memory PGlite with a fixed configuration, so the document
// depends only on the code, never on the machine's environment.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database, migrate } from '@lantern/db';
import { buildApp } from '../app.ts';
import { loadConfig } from '../env.ts';
import type { OpenApiDocument } from '../features/api-tokens/openapi-v1.ts';

/** The environment the document is generated with: the defaults' site name and a local address. */
export const OPENAPI_ENV = {
  NODE_ENV: 'test',
  SESSION_SECRET: 'openapi-document-only-never-serves-a-request',
  PUBLIC_URL: 'http://localhost:3000',
  SITE_NAME: 'Lantern',
  LOG_LEVEL: 'silent',
} as const;

/**
 * Builds the app and answers its public OpenAPI document. `database` is a migrated database to
 * build it on (tests pass their own); without one, an in-memory PGlite is made and closed.
 */
export async function publicOpenApiDocument(database?: Database): Promise<OpenApiDocument> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-openapi-'));
  const own = database ? undefined : await createDatabase({});
  if (own) await migrate(own);
  try {
    const { config } = loadConfig({ ...OPENAPI_ENV, DATA_DIR: dataDir });
    const app = await buildApp({ config, database: (database ?? own) as Database, logger: false });
    try {
      await app.ready();
      const res = await app.inject({ url: '/api/v1/openapi.json' });
      if (res.statusCode !== 200) throw new Error(`openapi.json answered ${res.statusCode}`);
      return res.json() as OpenApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await own?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const document = await publicOpenApiDocument();
  process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
}
