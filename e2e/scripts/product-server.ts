// The built product on its own port and database, with published listings to show (the
// benchmark server, apps/api/bench/server.ts): what `pnpm lighthouse` and `pnpm screenshots`
// and `pnpm bench:browser` look at. Needs `pnpm build` first.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTileServer } from '../tests/fixtures/tile-server.ts';

export const ROOT = join(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export interface ProductServer {
  base: string;
  stop(): void;
}

/** Starts the server with `listings` published listings (and `scaleRows`) and waits until it answers. */
export async function startProductServer(
  listings = 40,
  /** Users, properties and orders to seed, with the staff owner BENCH_OWNER (bench/scale-seed.ts). */
  scaleRows = 0,
): Promise<ProductServer> {
  // Every page renders on demand: a built site is its server entry.
  if (!existsSync(join(ROOT, 'apps', 'web', 'dist', 'server', 'entry.mjs'))) {
    throw new Error('apps/web/dist is missing: run `pnpm build` first.');
  }
  const port = await freePort();
  const tilePort = await freePort();
  const tiles = await startTileServer(tilePort);
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'lantern-product-'));
  const server: ChildProcess = spawn(
    process.execPath,
    // The product with published listings to show (and a bare route no page uses).
    [join(ROOT, 'apps', 'api', 'bench', 'server.ts')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SESSION_SECRET: 'product-server-secret-product-server-1',
        LOG_LEVEL: 'warn',
        BENCH_LISTINGS: String(listings),
        BENCH_SCALE_ROWS: String(scaleRows),
        // Tiles from the local folder's server (tests/fixtures/tiles), never a public one.
        MAP_TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
        MAP_TILE_ATTRIBUTION: '© Lantern test tiles',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = () => {
    server.kill('SIGTERM');
    tiles.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/health`);
  } catch (err) {
    stop();
    throw err;
  }
  return { base, stop };
}
