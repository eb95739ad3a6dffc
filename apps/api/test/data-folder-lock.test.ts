import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCommand } from './helpers/run-command.ts';
import { get, type Instance, signUp, startInstance } from './helpers/server-process.ts';

/**
 * Issue 41: PGlite is one process's database. While the server runs on a data folder, every
 * command that opens it (seed, backup, restore, migrate, sales import) refuses in one line and
 * exits 1 rather than write beside the server and lose what it wrote. A crashed server's lock
 * does not keep the folder locked; a restore into a folder that holds a database says so in
 * one line. The PostgreSQL suite skips it (there the commands share the server's database).
 */
const CLI = join(import.meta.dirname, '..', 'src', 'cli');
const MIGRATE = join(import.meta.dirname, '..', '..', '..', 'packages', 'db', 'src', 'cli');
const temp = (tag: string) => mkdtempSync(join(tmpdir(), `lantern-${tag}-`));

function command(dataDir: string, script: string, ...args: string[]) {
  return runCommand(process.execPath, [script, ...args], {
    PATH: process.env.PATH,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
  });
}

describe.skipIf(Boolean(process.env.DATABASE_URL))(
  'the PGlite folder, one process at a time',
  () => {
    it('refuses every command while the server runs, and keeps the account', async () => {
      const dataDir = temp('folder-lock');
      let instance: Instance = await startInstance(undefined, dataDir);
      const cookie = await signUp(instance);
      const sales = join(temp('folder-lock-sales'), 'sales.csv');
      writeFileSync(sales, 'id,date,price\n');
      const backup = join(temp('folder-lock-backup'), 'nightly');
      const commands = {
        seed: [
          join(CLI, 'seed.ts'),
          '--email',
          'seeded@example.com',
          '--password',
          'seeded pass 1234',
        ],
        backup: [join(CLI, 'backup.ts'), 'create', backup],
        restore: [join(CLI, 'backup.ts'), 'restore', backup],
        migrate: [join(MIGRATE, 'migrate.ts')],
        'sales import': [
          join(CLI, 'sales-import.ts'),
          sales,
          '--source',
          'T',
          '--attribution',
          'T',
        ],
      };
      const refusal = new RegExp(
        `^The database folder ${join(dataDir, 'pglite')} is in use by the server on port ${instance.port} \\(pid ${instance.child.pid}\\); stop it first\\.$`,
      );
      for (const [name, [script, ...args]] of Object.entries(commands)) {
        const done = await command(dataDir, script as string, ...args);
        expect({ name, status: done.status, stdout: done.stdout }).toEqual({
          name,
          status: 1,
          stdout: '',
        });
        expect(done.stderr.trim(), name).toMatch(refusal);
      }
      expect((await get(instance, '/api/user', cookie)).status).toBe(200);

      // A crash leaves the lock behind; the next start takes it over, and the account is there.
      instance.child.kill('SIGKILL');
      await instance.exited;
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
      instance = await startInstance(undefined, dataDir);
      expect((await get(instance, '/api/user', cookie)).status).toBe(200);
      instance.child.kill('SIGTERM');
      expect(await instance.exited).toBe(0);
      expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);

      // The server stopped: a restore into its folder is refused in one line, not a stack trace.
      mkdirSync(backup, { recursive: true });
      writeFileSync(join(backup, 'pglite.tar.gz'), '');
      const restore = await command(dataDir, join(CLI, 'backup.ts'), 'restore', backup);
      expect(restore.status).toBe(1);
      expect(restore.stderr.trim()).toBe(
        `${join(dataDir, 'pglite')} already holds a database: restore into a new DATA_DIR.`,
      );
    }, 300_000);
  },
);
