import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './private-postgres.ts';

/** Debian's `caddy` package; the proxy tests skip (and say so) without it. */
export const caddyInstalled = spawnSync('caddy', ['version']).status === 0;

export interface Caddy {
  /** http://127.0.0.1:PORT, the site address Caddy serves (no TLS). */
  site: string;
  child: ChildProcess;
  stop(): void;
}

/** infra/Caddyfile, run as is, in front of `upstreams` (host:port); resolves once it answers. */
export async function startCaddy(
  upstreams: string[],
  files?: { bucket: string; upstream: string },
): Promise<Caddy> {
  const site = `http://127.0.0.1:${await freePort()}`;
  const home = mkdtempSync(join(tmpdir(), 'lantern-caddy-'));
  const child = spawn(
    'caddy',
    [
      'run',
      '--adapter',
      'caddyfile',
      '--config',
      join(import.meta.dirname, '..', '..', '..', '..', 'infra', 'Caddyfile'),
    ],
    {
      env: {
        PATH: process.env.PATH,
        HOME: home,
        XDG_DATA_HOME: home,
        XDG_CONFIG_HOME: home,
        LANTERN_DOMAIN: site,
        LANTERN_CADDY_ADMIN: `127.0.0.1:${await freePort()}`,
        LANTERN_UPSTREAMS: upstreams.join(' '),
        ...(files
          ? { LANTERN_FILES_BUCKET: files.bucket, LANTERN_FILES_UPSTREAM: files.upstream }
          : {}),
      },
      stdio: 'ignore',
    },
  );
  const caddy = { site, child, stop: () => void child.kill() };
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${site}/api/health`)).status === 200) return caddy;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  caddy.stop();
  throw new Error('Caddy did not come up');
}
