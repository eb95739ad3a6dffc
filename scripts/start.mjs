// `pnpm start`: build what changed (unless SKIP_BUILD=true), then run the server as this
// process's child and pass SIGTERM and SIGINT on to it (issue 41). package.json starts this
// file with `exec` on the Node that runs pnpm, so pnpm's own child is this process: a signal to
// pnpm reaches it, and through it the server, which drains and exits. Through the workspace's
// `node` shim (a shell script that does not pass signals on) the server was orphaned instead.
// Plain JavaScript for Node 20, which may be the one running pnpm.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The workspace's Node 24 binary itself (the `node` dev dependency), not its shell shim. */
function serverNode() {
  try {
    const bin = join(
      dirname(createRequire(import.meta.url).resolve('node/package.json')),
      'bin',
      'node',
    );
    if (existsSync(bin)) return bin;
  } catch {
    // not installed: the Node running this file must be new enough (README)
  }
  return process.execPath;
}

let child;
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (child) child.kill(signal);
    else process.exit(1);
  });
}

/** Run one command as the current child; its exit code (128 + n for signal n). */
function run(command, args, env) {
  child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      child = undefined;
      resolve(code ?? 128 + (signal ? (os.constants.signals[signal] ?? 0) : 0));
    });
  });
}

// biome-ignore lint/suspicious/noUndeclaredEnvVars: read by this launcher, never by a turbo task
if (!/^(true|1)$/.test(process.env.SKIP_BUILD ?? '')) {
  const turbo = join(root, 'node_modules', '.bin', 'turbo');
  const built = await run(turbo, ['run', 'build', '--output-logs=errors-only']);
  if (built !== 0) process.exit(built);
}
// MALLOC_ARENA_MAX keeps photo resizing's memory down (docs/performance.md, "Memory").
process.exit(
  await run(serverNode(), ['apps/api/src/server.ts'], {
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2',
  }),
);
