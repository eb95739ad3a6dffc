import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL's default 128 MB buffer pool lives inside PGlite's WebAssembly memory, which never
 * shrinks: it was most of the embedded server's idle memory. One process with one connection
 * and a small database needs far less; the operating system's page cache still holds the data
 * files (docs/performance.md, "Memory").
 */
const SETTINGS = ['-c', 'shared_buffers=16MB'];

/** PGlite on a folder (running initdb first when it holds no cluster) or in memory. */
export async function openPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<PGlite> {
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...SETTINGS],
    // Staff's searches use trigram indexes (decision 088); a migration creates the extension.
    extensions: { pg_trgm },
  });
  await client.waitReady;
  return client;
}
