// `pnpm db:migrate`: apply migrations to DATABASE_URL, or to the PGlite folder under DATA_DIR
// (default ./.data, relative to the repository root, as the server resolves it).
import { join, resolve } from 'node:path';
import { createDatabase, migrate } from '../client.ts';
import { FolderInUseError } from '../folder-lock.ts';

const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');
const url = process.env.DATABASE_URL || undefined;
const dataDir = join(resolve(repoRoot, process.env.DATA_DIR || '.data'), 'pglite');
const database = await createDatabase({ url, dataDir, lockHolder: 'pnpm db:migrate' }).catch(
  (err) => {
    if (!(err instanceof FolderInUseError)) throw err;
    console.error(err.message); // one line: the server holds the folder
    process.exit(1);
  },
);
await migrate(database);
await database.close();
console.log(`Migrations applied to ${url ? 'PostgreSQL' : dataDir}.`);
