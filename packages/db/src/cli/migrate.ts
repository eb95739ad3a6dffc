// `pnpm db:migrate`: apply migrations to DATABASE_URL, or to the PGlite folder DATA_DIR (default ./.data).
import { resolve } from 'node:path';
import { createDatabase, migrate } from '../client.ts';

const url = process.env.DATABASE_URL;
const dataDir = resolve(
  process.env.INIT_CWD ?? process.cwd(),
  process.env.DATA_DIR ?? '.data',
  'pglite',
);
const database = await createDatabase({ url, dataDir });
await migrate(database);
await database.close();
console.log(`Migrations applied to ${url ? 'PostgreSQL' : dataDir}.`);
