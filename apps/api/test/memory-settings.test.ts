import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_ENV, MEMORY_FLAGS } from '../src/lib/memory-settings.ts';
import { type Instance, startInstance } from './helpers/server-process.ts';

/**
 * `node src/server.ts` started without MALLOC_ARENA_MAX and V8's heap flags (a process manager,
 * a shell) runs with them all the same: the entry starts the process again with them, same pid,
 * before loading the server (docs/performance.md, "Memory"). Read from /proc: Linux only. The
 * PostgreSQL suite skips it (the settings do not depend on the database).
 */
describe.skipIf(process.platform !== 'linux' || Boolean(process.env.DATABASE_URL))(
  'server memory settings',
  () => {
    let instance: Instance;
    beforeAll(async () => {
      instance = await startInstance(undefined, mkdtempSync(join(tmpdir(), 'lantern-memory-')));
    }, 180_000);
    afterAll(() => {
      if (instance?.child.exitCode === null) instance.child.kill('SIGKILL');
    });

    it('serves from the pid it was started as, with the settings', () => {
      const proc = (file: string) =>
        readFileSync(`/proc/${instance.child.pid}/${file}`, 'utf8').split('\0');
      const args = proc('cmdline');
      for (const flag of MEMORY_FLAGS) expect(args).toContain(flag);
      expect(args.at(-2)).toMatch(/src\/server\.ts$/);
      for (const [name, value] of Object.entries(MEMORY_ENV))
        expect(proc('environ')).toContain(`${name}=${value}`);
    });
  },
);
