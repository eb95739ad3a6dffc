// The commands' way into the database: the server's configuration, and on PGlite the folder's
// lock, so a command never writes beside a running server (issue 41).
import { createDatabase, type Database, FolderInUseError } from '@lantern/db';
import type { Config } from '../env.ts';

/** Open the configured database for `command` ("pnpm db:seed"), or refuse in one line. */
export async function openDatabase(config: Config, command: string): Promise<Database> {
  try {
    return await createDatabase({
      url: config.databaseUrl,
      dataDir: `${config.dataDir}/pglite`,
      lockHolder: command,
    });
  } catch (err) {
    if (err instanceof FolderInUseError) refuse(err.message);
    throw err;
  }
}

/** One line on stderr and exit 1: what the operator must do, without a stack trace. */
export function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}
