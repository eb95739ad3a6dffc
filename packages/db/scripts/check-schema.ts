// `pnpm lint:db`, after drizzle-kit check: the drizzle schema (src/schema) and the committed
// migrations describe the same database. drizzle-kit generate runs against a copy of the
// migrations folder; any file it writes is a schema change that has no migration yet.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const copy = mkdtempSync(join(tmpdir(), 'lantern-schema-check-'));
try {
  cpSync(join(root, 'migrations'), copy, { recursive: true });
  const before = readdirSync(copy).length;
  // drizzle-kit prefixes --out with './', so it must be relative to the package.
  const args = ['generate', '--dialect=postgresql', '--schema=./src/schema/index.ts'];
  const run = spawnSync(
    join(root, 'node_modules', '.bin', 'drizzle-kit'),
    [...args, `--out=${relative(root, copy)}`],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) {
    console.error(run.error ?? `${run.stdout}${run.stderr}`);
    process.exitCode = 1;
  } else if (readdirSync(copy).length !== before) {
    console.error(
      'packages/db/src/schema differs from the migrations: run `pnpm generate --name=<what>` in packages/db (docs/migrations.md).',
    );
    process.exitCode = 1;
  } else {
    console.log('The drizzle schema matches the migrations.');
  }
} finally {
  rmSync(copy, { recursive: true, force: true });
}
