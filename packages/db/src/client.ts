import { fork } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Tracer } from '@opentelemetry/api';
import { type Logger, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from './db-types.ts';
import { lockFolder } from './folder-lock.ts';
import { migrationsUpTo } from './migrations-up-to.ts';
import { openPglite } from './pglite.ts';
import * as schema from './schema/index.ts';
import { traceQueries } from './trace-queries.ts';
import { joiningUnitOfWork } from './unit-of-work.ts';

export type { Db, Schema, Tx } from './db-types.ts';

export interface DatabaseOptions {
  /** postgres://… — when set, node-postgres with a pool; otherwise embedded PGlite. */
  url?: string | undefined;
  /** PGlite data folder; omitted means in memory (tests). Held locked until close(). */
  dataDir?: string | undefined;
  /** Who holds the folder's lock, as a refusal names it: "the server on port 3000". */
  lockHolder?: string | undefined;
  /**
   * In-memory PGlite only: start from this dump (`dumpDataDir`) instead of an empty cluster,
   * which skips initdb — tests start from one migrated template this way.
   */
  loadDataDir?: Blob | File | undefined;
  /** A PostgreSQL schema to use instead of public (each test worker gets its own). */
  schemaName?: string | undefined;
  poolMax?: number;
  /**
   * Told of a pooled connection that failed (terminated backend, restart, network): the pool
   * drops that connection and opens a new one on the next query, so this is only for the log.
   */
  onConnectionError?: (err: Error) => void;
  /** Hears every query drizzle sends (the benchmarks count the queries of a hot path). */
  logger?: Logger | undefined;
  /** One span per query, under the active request's or job's span (OpenTelemetry). */
  tracer?: Tracer | undefined;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The schema in use when not public (tests); also namespaces the event-bus channel. */
  schemaName?: string | undefined;
  /** The node-postgres pool, present only on PostgreSQL (LISTEN/NOTIFY needs its own client). */
  pool?: pg.Pool;
  /** Connection settings for a dedicated client (LISTEN), PostgreSQL only. */
  clientConfig?: pg.ClientConfig;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the whole cluster as a tarball, for `loadDataDir` (test templates). */
  dump?(): Promise<Blob>;
}

/** The committed migrations; `meta/_journal.json` orders them, not their file names. */
export const migrationsFolder = join(import.meta.dirname, '..', 'migrations');

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return createPostgres(options.url, options);
  return createPglite(options);
}

async function createPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const schemaName = options.schemaName;
  const clientConfig: pg.ClientConfig = {
    connectionString: url,
    ...(schemaName ? { options: `-c search_path=${quoteIdent(schemaName)}` } : {}),
  };
  if (schemaName) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schemaName)}`);
    await admin.end();
  }
  const pool = new pg.Pool({
    ...clientConfig,
    max: options.poolMax ?? 10,
    // While the database is away, fail a request in seconds rather than queue it forever.
    connectionTimeoutMillis: 5000,
    keepAlive: true,
  });
  // node-postgres emits 'error' on the pool for an idle connection and on a checked-out client
  // between queries; unheard, either ends the process (issue 12). The pool replaces them.
  const onError = options.onConnectionError ?? (() => {});
  pool.on('error', onError);
  pool.on('connect', (client) => {
    client.on('error', onError);
    if (options.tracer) traceQueries(client as never, options.tracer);
  });
  // drizzle sends plain queries through the pool and a transaction's through its client.
  if (options.tracer) traceQueries(pool as never, options.tracer);
  const root = drizzlePg(pool, { schema, logger: options.logger ?? false }) as unknown as Db;
  const db = joiningUnitOfWork(root);
  return {
    db,
    kind: 'postgres',
    schemaName,
    pool,
    clientConfig,
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function createPglite(options: DatabaseOptions): Promise<Database> {
  const { dataDir } = options;
  // Before anything reads the folder: a second process on it would lose its writes (issue 41).
  const unlock = dataDir ? lockFolder(dataDir, options.lockHolder ?? 'another command') : () => {};
  try {
    if (dataDir) {
      mkdirSync(dataDir, { recursive: true });
      if (!existsSync(join(dataDir, 'PG_VERSION'))) await createInChild(dataDir);
    }
    const database = pgliteDatabase(
      await openPglite(dataDir, options.loadDataDir),
      options.logger,
      options.tracer,
    );
    const close = database.close;
    return { ...database, close: () => close().finally(unlock) };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** The shared database surface over an open PGlite client. */
export function pgliteDatabase(client: PGlite, logger?: Logger, tracer?: Tracer): Database {
  if (tracer) {
    traceQueries(client as never, tracer);
    // Statements inside a transaction run on the transaction's own handle.
    const transaction = client.transaction.bind(client);
    client.transaction = ((callback: (tx: never) => Promise<unknown>) =>
      transaction((tx) => {
        traceQueries(tx as never, tracer);
        return callback(tx as never);
      })) as typeof client.transaction;
  }
  const root = drizzlePglite(client, { schema, logger: logger ?? false }) as unknown as Db;
  const db = joiningUnitOfWork(root);
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * initdb runs PostgreSQL's bootstrap in a second PGlite instance, and the first migrations make
 * V8 optimise much of PostgreSQL's WebAssembly: together they take the process to about 1.3 GB
 * and leave some 150 MB of freed-but-kept allocator memory behind for good. A new folder is
 * therefore created and migrated in a short-lived child process (cli/create-pglite.ts), so the
 * server never carries that memory (docs/performance.md, "Memory").
 */
async function createInChild(dataDir: string): Promise<void> {
  const child = fork(join(import.meta.dirname, 'cli', 'create-pglite.ts'), [dataDir], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`Creating the PGlite database in ${dataDir} failed (exit ${code}).`);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * Apply the committed SQL migrations (idempotent; run at every start). On PostgreSQL several
 * instances may start together: each takes a session advisory lock on one dedicated connection
 * first, so one migrates while the others wait, then find nothing left to do. `upTo` stops after
 * that migration: tests build the database an earlier release left behind with it.
 */
export async function migrate(
  database: Database,
  schemaName?: string,
  options: { upTo?: string } = {},
): Promise<void> {
  const folder = options.upTo ? migrationsUpTo(migrationsFolder, options.upTo) : migrationsFolder;
  try {
    await migrateFrom(folder, database, schemaName);
  } finally {
    if (folder !== migrationsFolder) rmSync(folder, { recursive: true, force: true });
  }
}

async function migrateFrom(folder: string, database: Database, schemaName?: string) {
  const config = {
    migrationsFolder: folder,
    ...(schemaName ? { migrationsSchema: schemaName } : {}),
  };
  if (database.kind === 'postgres' && database.pool) {
    const client = await database.pool.connect();
    try {
      // One lock per schema (tests migrate a schema each, in parallel).
      const key = `lantern:migrate:${schemaName ?? database.schemaName ?? 'public'}`;
      await client.query('select pg_advisory_lock(hashtext($1))', [key]);
      try {
        await migratePg(drizzlePg(client, { schema }), config);
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
      }
    } finally {
      client.release();
    }
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the migrator wants its own driver's type
    await migratePglite(database.db as any, config);
  }
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe schema name: ${name}`);
  return `"${name}"`;
}
