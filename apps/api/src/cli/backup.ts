// `pnpm db:backup FOLDER` / `pnpm db:restore FOLDER` (issue 26; docs/operations.md "Backups").
// A backup is a folder: the database (pg_dump's custom format on PostgreSQL, PGlite's own
// data-folder tarball on the embedded default) and the files of DATA_DIR the product keeps
// (session secret, mail and texts written locally, uploaded files kept locally), and, with
// S3_BUCKET set, every object of the file store. Relative paths start at the repository
// root, like DATA_DIR. Uses the same configuration as the server (DATABASE_URL or DATA_DIR).
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FolderInUseError, lockFolder, openPglite } from '@lantern/db';
import { loadConfig } from '../env.ts';
import { createStorage } from '../features/storage/index.ts';
import { refuse } from './open-database.ts';

/**
 * Kept in DATA_DIR but not files to copy: the database and its lock (dumped instead), and the
 * copy of the public site that versions before issue 44 made there (nothing reads it now).
 */
const NOT_FILES = new Set(['pglite', 'pglite.lock', 'site']);
const PG_DUMP = 'database.dump';
const PGLITE_DUMP = 'pglite.tar.gz';
/** The S3 store's objects, one file per key (local files are under `files/` with DATA_DIR's). */
const STORE = 'store';

const [command, folderArg] = process.argv.slice(2).filter((a) => a !== '--');
if ((command !== 'create' && command !== 'restore') || !folderArg) {
  console.error('Usage: pnpm db:backup FOLDER  |  pnpm db:restore FOLDER');
  process.exit(2);
}
const { config } = loadConfig();
const folder = resolve(import.meta.dirname, '..', '..', '..', '..', folderArg);
const pgliteDir = join(config.dataDir, 'pglite');

/** The PGlite folder held for this command, or a one-line refusal while the server holds it. */
function lockPglite(): void {
  try {
    // Released on exit (folder-lock.ts): the command ends when its work is done.
    lockFolder(pgliteDir, `pnpm db:backup ${command}`);
  } catch (err) {
    if (err instanceof FolderInUseError) refuse(err.message);
    throw err;
  }
}

/** The made sizes are served (as JPEG); originals never are, so their type does not matter. */
const contentTypeOf = (key: string) =>
  key.endsWith('.jpg') ? 'image/jpeg' : 'application/octet-stream';

function run(cmd: string, args: string[]): void {
  const done = spawnSync(cmd, args, { stdio: 'inherit' });
  if (done.error) throw done.error;
  if (done.status !== 0) throw new Error(`${cmd} exited with ${done.status}`);
}

if (command === 'create') {
  if (existsSync(folder) && readdirSync(folder).length) {
    refuse(`${folder} is not empty: back up into a new folder.`);
  }
  mkdirSync(join(folder, 'files'), { recursive: true });
  if (config.databaseUrl) {
    // One transaction-consistent snapshot, taken while the instances keep running.
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--file=${join(folder, PG_DUMP)}`,
      config.databaseUrl,
    ]);
  } else {
    // PGlite is one process's database: the server must be stopped.
    lockPglite();
    const db = await openPglite(pgliteDir);
    const tarball = await db.dumpDataDir('gzip');
    writeFileSync(join(folder, PGLITE_DUMP), Buffer.from(await tarball.arrayBuffer()));
    await db.close();
  }
  if (existsSync(config.dataDir)) {
    for (const name of readdirSync(config.dataDir)) {
      if (!NOT_FILES.has(name)) {
        cpSync(join(config.dataDir, name), join(folder, 'files', name), { recursive: true });
      }
    }
  }
  if (config.storage.kind === 's3') {
    // Objects one at a time, streamed: a photo is never held whole in memory.
    const storage = await createStorage(config.storage);
    let n = 0;
    for await (const key of storage.keys()) {
      const body = await storage.get(key);
      if (!body) continue; // deleted since it was listed
      const target = join(folder, STORE, ...key.split('/'));
      mkdirSync(dirname(target), { recursive: true });
      await pipeline(body, createWriteStream(target));
      n++;
    }
    storage.close();
    console.log(`${n} files copied from the S3 bucket ${config.storage.bucket}`);
  }
  console.log(`Backed up to ${folder}`);
} else {
  const pgDump = join(folder, PG_DUMP);
  const pgliteDump = join(folder, PGLITE_DUMP);
  if (config.databaseUrl) {
    if (!existsSync(pgDump)) refuse(`${pgDump} is missing (a PostgreSQL backup has one).`);
    // Into an empty database: --exit-on-error stops at the first conflict rather than mix data.
    run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${config.databaseUrl}`, pgDump]);
  } else {
    lockPglite();
    if (!existsSync(pgliteDump)) {
      refuse(`${pgliteDump} is missing (a backup of the embedded database has one).`);
    }
    if (existsSync(join(pgliteDir, 'PG_VERSION'))) {
      refuse(`${pgliteDir} already holds a database: restore into a new DATA_DIR.`);
    }
    mkdirSync(pgliteDir, { recursive: true });
    const db = await openPglite(pgliteDir, new Blob([readFileSync(pgliteDump)]));
    await db.close();
  }
  const files = join(folder, 'files');
  if (existsSync(files)) cpSync(files, config.dataDir, { recursive: true });
  const store = join(folder, STORE);
  if (existsSync(store)) {
    if (config.storage.kind !== 's3') {
      refuse(`${store} holds S3 files: set S3_BUCKET (and its settings) to restore them.`);
    }
    const storage = await createStorage(config.storage);
    const paths = readdirSync(store, { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    );
    for (const e of paths) {
      const path = join(e.parentPath, e.name);
      const key = relative(store, path).split(sep).join('/');
      await storage.put(key, createReadStream(path), { contentType: contentTypeOf(key) });
    }
    storage.close();
    console.log(`${paths.length} files put into the S3 bucket ${config.storage.bucket}`);
  }
  console.log(`Restored from ${folder}`);
}
