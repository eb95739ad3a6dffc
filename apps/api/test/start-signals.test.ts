import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from './helpers/private-postgres.ts';
import { health, waitFor } from './helpers/server-process.ts';

/**
 * Issue 41: SIGTERM to `pnpm start` (what a process manager sends) used to end pnpm and leave
 * the server serving, orphaned behind the shell shim of the workspace's Node. The signal must
 * reach the server, which drains and exits: nothing listens on the port a few seconds later.
 * Runs the README's command itself, with the build skipped (SKIP_BUILD): it is the signal path
 * under test, not the build.
 */
const root = join(import.meta.dirname, '..', '..', '..');

describe.skipIf(Boolean(process.env.DATABASE_URL))('pnpm start and signals', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to pnpm stops the server',
    async (signal) => {
      const port = await freePort();
      const instance = { base: `http://127.0.0.1:${port}` };
      const output: string[] = [];
      const pnpm = spawn('pnpm', ['start'], {
        cwd: root,
        // Its own process group, so the cleanup can end whatever is left of it.
        detached: true,
        env: {
          // As from a shell: without the node_modules/.bin folders vitest runs under, where
          // `node` is the shim and would be the process that runs pnpm itself.
          PATH: (process.env.PATH ?? '')
            .split(delimiter)
            .filter((dir) => !dir.includes('node_modules'))
            .join(delimiter),
          HOME: process.env.HOME,
          SKIP_BUILD: 'true',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'lantern-start-')),
          SESSION_SECRET: 'start-test-secret-start-test-secret',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      pnpm.stdout?.on('data', (d) => output.push(String(d)));
      pnpm.stderr?.on('data', (d) => output.push(String(d)));
      const exited = new Promise<number | null>((resolve) => pnpm.once('exit', resolve));
      try {
        await waitFor(async () => {
          if (pnpm.exitCode !== null) throw new Error(`pnpm start ended:\n${output.join('')}`);
          return (await health(instance)) === 200;
        }, 150_000);
        pnpm.kill(signal);
        const limit = new Promise<'still running'>((resolve) =>
          setTimeout(() => resolve('still running'), 10_000).unref(),
        );
        // The server drained and exited 0, and pnpm with it.
        expect(await Promise.race([exited, limit])).toBe(0);
        // Nothing left behind answers on the port.
        await waitFor(async () => (await health(instance)) === 0, 10_000);
      } finally {
        try {
          process.kill(-(pnpm.pid as number), 'SIGKILL');
        } catch {
          // the group has already ended
        }
      }
    },
    180_000,
  );
});
