// `pnpm generate [--name=<what>] [--custom]`: drizzle-kit generate with those options (pnpm would
// otherwise hand them to the last command of a `&&` chain), then unqualify-schema.ts.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const drizzleKit = join(import.meta.dirname, '..', 'node_modules', '.bin', 'drizzle-kit');
const run = spawnSync(drizzleKit, ['generate', ...process.argv.slice(2)], { stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
await import('./unqualify-schema.ts');
