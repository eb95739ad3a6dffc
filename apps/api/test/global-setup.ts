import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, migrate } from '@lantern/db';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite cluster, or '' on PostgreSQL (helpers/build-test-app.ts). */
    pgliteTemplate: string;
  }
}

/**
 * On PGlite, migrate one in-memory cluster and dump it once per run: each test file then loads
 * the dump instead of running initdb (about 3 s on a busy machine, against 0.3 s to load).
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await createDatabase({});
  await migrate(database);
  const dir = mkdtempSync(join(tmpdir(), 'lantern-pglite-template-'));
  const file = join(dir, 'template.tar');
  const dump = await database.dump?.();
  if (!dump) throw new Error('PGlite could not dump its data folder');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
