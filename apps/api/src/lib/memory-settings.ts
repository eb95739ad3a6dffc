/**
 * How the server process must run to stay within its memory budget (docs/performance.md,
 * "Memory"). They are read only when a process starts, so a server started without
 * them starts again with them (`ensureMemorySettings`), whatever started it: `pnpm start`, the
 * Docker image, `node apps/api/src/server.ts` or a process manager.
 *
 * - MALLOC_ARENA_MAX=2: glibc gives every thread that allocates (V8's GC helpers, libuv's pool,
 *   sharp's workers) an arena of its own and keeps what they freed; two arenas hold that to a
 *   fraction.
 * - MALLOC_TRIM_THRESHOLD_ and MALLOC_MMAP_THRESHOLD_ at glibc's own starting value (128 KB):
 *   left to glibc, both rise after a large block is freed (to up to 32 and 64 MB), and the memory
 *   freed below them stays with the process; fixed, a large block is its own mapping and goes
 *   back to the system when freed (about 40 MB less RSS idle and under load).
 * - --max-semi-space-size=16: on a machine with more than a few GB, V8 lets its young generation
 *   grow to 2 × 64 MB under load and keeps it; 16 MB semi-spaces (V8's old default) cost a few
 *   more scavenges.
 * - --heap-growing-percent=50: after a full collection V8 lets the old generation grow to up to
 *   4x what survived before collecting again, so ~100 MB live became ~400 MB of heap under load;
 *   1.5x keeps that growth in proportion.
 */
export const MEMORY_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '131072',
} as const;
export const MEMORY_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=50'] as const;

/** The flag's name: `--max-semi-space-size=16` → `--max-semi-space-size`. */
const flagName = (flag: string) => (flag.split('=', 1)[0] ?? flag).replaceAll('_', '-');

/**
 * What a process started with `env` and Node options `execArgv` lacks of the settings above:
 * the environment variables and flags to add, or null when it has them all. A value the
 * operator chose (another MALLOC_ARENA_MAX, another semi-space size, in the command line or in
 * NODE_OPTIONS) is kept.
 */
export function missingMemorySettings(
  env: NodeJS.ProcessEnv,
  execArgv: readonly string[],
): { env: Record<string, string>; flags: string[] } | null {
  const given = new Set([...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].map(flagName));
  const addEnv = Object.fromEntries(
    Object.entries(MEMORY_ENV).filter(([name]) => env[name] === undefined),
  );
  const flags = MEMORY_FLAGS.filter((flag) => !given.has(flagName(flag)));
  return Object.keys(addEnv).length || flags.length ? { env: addEnv, flags } : null;
}

/**
 * Starts this process again, same pid, with the settings it lacks (process.execve replaces the
 * program, so signals and the exit code stay the caller's). Call it before anything is loaded:
 * a restart throws away what the process did so far. Where execve is missing (Windows, Node
 * before 23.11), the process goes on as it is and says so.
 */
export function ensureMemorySettings(): void {
  const missing = missingMemorySettings(process.env, process.execArgv);
  if (!missing) return;
  if (typeof process.execve !== 'function') {
    process.emitWarning(
      `Started without ${[...Object.keys(missing.env), ...missing.flags].join(' ')}: the server may use more memory than budgeted (docs/performance.md).`,
    );
    return;
  }
  process.execve(
    process.execPath,
    [process.execPath, ...process.execArgv, ...missing.flags, ...process.argv.slice(1)],
    { ...process.env, ...missing.env },
  );
}
